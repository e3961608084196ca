import Foundation
import HFTestSupport

/// A loop test's two homes in one temporary directory, run on regtest: `signer/` with the store passphrase file,
/// and `watcher/`.
protocol RegtestHomes {
    var dir: TemporaryDirectory { get }
    /// The store passphrase file (mode 0600) every signer run passes.
    var passphrase: String { get }
}

extension RegtestHomes {
    func sign(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-signer").run(
            ["--home", dir.path("signer"), "--network", "regtest", "--passphrase-file", passphrase] + arguments)
    }

    func watch(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-watcher").run(["--home", dir.path("watcher"), "--network", "regtest"] + arguments)
    }
}

extension RegtestHomes {
    /// A new signer wallet whose first receive address `hf-devnet` funded with `satoshis`, a watcher on that devnet
    /// following it (pack imported, synced), and the signer holding the coin (headers and receipts imported). The
    /// caller terminates the devnet.
    /// - Returns: the wallet's identity key and the running devnet.
    func coldWalletWithACoin(_ satoshis: Int) throws -> (identity: String, devnet: ServeProcess) {
        func run(_ result: BuiltTool.Result, _ step: String) throws {
            guard result.exitCode == 0 else { throw SetupFailed(step: step, stderr: result.stderr) }
        }
        try run(try sign(["init"]), "sign init")
        try run(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]), "sign wallet create")
        let shown = try JSONSerialization.jsonObject(with: Data(sign(["wallet", "show", "--json"]).stdout.utf8)) as? [String: Any]
        let identity = shown?["identityKey"] as? String ?? ""
        try run(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]), "sign export addrpack")
        let devnet = try ServeProcess(state: dir.path("devnet"))
        let list = try sign(["address", "list", "--count", "1", "--json"]).stdout
        let address = (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])?.first?["address"] as? String
        try run(try BuiltTool("hf-devnet").run(["fund", address ?? "", String(satoshis), "--url", devnet.url]), "hf-devnet fund")
        try run(try watch(["init"]), "watch init")
        try run(try watch(["config", "set", "devnet", devnet.url]), "watch config set")
        try run(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]), "watch import")
        try run(try watch(["sync"]), "watch sync")
        try run(try watch(["export", "headers", "--from", "1", "--out", dir.path("h.hfheaders")]), "watch export headers")
        try run(try watch(["export", "receipts", "--out-dir", dir.path("r")]), "watch export receipts")
        let receipts = try FileManager.default.contentsOfDirectory(atPath: dir.path("r")).map { dir.path("r") + "/" + $0 }
        try run(try sign(["import", dir.path("h.hfheaders")] + receipts), "sign import")
        return (identity, devnet)
    }
}

/// A loop test's set-up step failed.
struct SetupFailed: Error, CustomStringConvertible {
    let step: String
    let stderr: String
    var description: String { "set-up step \(step) failed: \(stderr)" }
}
