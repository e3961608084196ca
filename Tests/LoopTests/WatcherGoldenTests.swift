import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// The watcher's human screens, whole, against `Tests/Golden/watcher-screens.txt` (issue 28): `import` of an
/// address pack, `sync`, `status`, `balance`, `history`, `broadcast --dry-run` of the signer's payment,
/// `wallet-api pending`, and the refusals of a wrong file and of a signer secret, on the devnet loop with the
/// sample phrase's wallet (so its addresses are the same each run). What depends on the run is replaced as
/// `GoldenScreens` does, and the devnet's port by `<PORT>`. The devnet's coinbase key is planted, so its payment
/// and the signer's spending of it are the same each run; its blocks carry the clock's time, so a block's time is
/// `<TIME>` and its hash is numbered as every 64-digit hash is (`GoldenScreens.numberingHashes`, which keeps which
/// screens name the same transaction).
@Suite(.serialized) struct WatcherGoldenTests {
    static let samplePhrase =
        "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"

    /// The two homes of one run.
    struct Homes: RegtestHomes {
        let dir: TemporaryDirectory
        let passphrase: String
    }

    /// The screens of one watcher's life, in order.
    static func screens() throws -> String {
        let dir = try TemporaryDirectory()
        let homes = Homes(dir: dir, passphrase: try dir.write("store-passphrase", "test store passphrase\n"))
        try homes.setUp(try homes.sign(["init"]), "sign init")
        let phrase = try dir.write("phrase", samplePhrase + "\n")
        try homes.setUp(try homes.sign(["wallet", "import", "--mnemonic-file", phrase]), "sign wallet import")
        let shown = try JSONSerialization.jsonObject(
            with: Data(homes.sign(["wallet", "show", "--json"]).stdout.utf8)) as? [String: Any]
        let identity = shown?["identityKey"] as? String ?? ""
        try homes.setUp(try homes.sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]), "export addrpack")
        let list = try homes.sign(["address", "list", "--count", "1", "--json"]).stdout
        let address = (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])?
            .first?["address"] as? String ?? ""
        // The devnet's coinbase key is fixed, so its coins, its payment and the signer's spending are the same each run.
        try FileManager.default.createDirectory(
            atPath: dir.path("devnet"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let key = Base58.encodeCheck([0xef] + [UInt8](repeating: 0x11, count: 32) + [0x01])
        _ = try dir.write("devnet/coinbase.wif", key + "\n")
        let devnet = try ServeProcess(state: dir.path("devnet"))
        defer { _ = devnet.terminate() }
        var screens = GoldenScreens()
        func watch(_ arguments: [String], shown: [String]? = nil) throws {
            let result = try homes.watch(arguments)
            screens.add(
                "hf-watcher", shown ?? arguments, exitCode: result.exitCode, stdout: result.stdout,
                stderr: result.stderr)
        }
        try watch(["init"])
        try homes.setUp(try homes.watch(["config", "set", "devnet", devnet.url]), "watch config set")
        try watch(["status"])
        try watch(["import", dir.path("p.hfaddrpack")])
        try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity])
        try homes.setUp(
            try BuiltTool("hf-devnet").run(["fund", address, "65000", "--url", devnet.url]), "hf-devnet fund")
        try watch(["sync"])
        try watch(["status"])
        try watch(["balance"])
        try watch(["history"])
        try homes.setUp(
            try homes.watch(["export", "headers", "--from", "1", "--out", dir.path("h.hfheaders")]), "export headers")
        try homes.setUp(try homes.watch(["export", "receipts", "--out-dir", dir.path("r")]), "export receipts")
        let receipts = try FileManager.default.contentsOfDirectory(atPath: dir.path("r")).sorted()
            .map { dir.path("r") + "/" + $0 }
        try homes.setUp(try homes.sign(["import", dir.path("h.hfheaders")] + receipts), "sign import")
        let stranger = "mmZJGTYyMqVoMYQZvY5jzF9uWREKyk1bPj"
        try homes.setUp(
            try homes.sign(["send", "--to", stranger, "--amount", "0.0001BSV", "--out", dir.path("pay.hftx"), "--yes"]),
            "sign send")
        try watch(["broadcast", "--dry-run", dir.path("pay.hftx")])
        try watch(["wallet-api", "pending"])
        // The common wrong files: the signer's payment to `import`, an address pack to `broadcast`, the recovery
        // phrase and a directory to `import`.
        try watch(["import", dir.path("pay.hftx")])
        try watch(["broadcast", "--dry-run", dir.path("p.hfaddrpack")])
        try watch(["import", phrase])
        try watch(["import", dir.path("r")])
        let other = try BuiltTool("hf-watcher").run(["--home", dir.path("watcher"), "--network", "main", "status"])
        screens.add(
            "hf-watcher", ["--network", "main", "status"], exitCode: other.exitCode, stdout: other.stdout,
            stderr: other.stderr)
        var text = GoldenScreens.normalized(screens.text, directory: dir.path(""))
        text = text.replacingOccurrences(of: devnet.url, with: "http://127.0.0.1:<PORT>")
        return GoldenScreens.numberingHashes(text)
    }

    @Test func theWatchersScreensAreTheGoldenOnes() throws {
        let screens = try Self.screens()
        let mismatch = try GoldenScreens.mismatch(screens, golden: "watcher-screens.txt")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
