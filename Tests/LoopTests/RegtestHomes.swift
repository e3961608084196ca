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
    /// Runs one set-up step; a failure throws, naming the step.
    func setUp(_ result: BuiltTool.Result, _ step: String) throws {
        guard result.exitCode == 0 else { throw SetupFailed(step: step, stderr: result.stderr) }
    }

    /// A new signer wallet and a watcher on a new `hf-devnet` that imported its address pack (nothing synced).
    /// The caller terminates the devnet.
    /// - Returns: the wallet's identity key, the running devnet, and the wallet's first receive address.
    func watchedColdWallet() throws -> (identity: String, devnet: ServeProcess, address: String) {
        try setUp(try sign(["init"]), "sign init")
        try setUp(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]), "sign wallet create")
        let shown = try JSONSerialization.jsonObject(with: Data(sign(["wallet", "show", "--json"]).stdout.utf8)) as? [String: Any]
        let identity = shown?["identityKey"] as? String ?? ""
        try setUp(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]), "sign export addrpack")
        let list = try sign(["address", "list", "--count", "1", "--json"]).stdout
        let address = (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])?.first?["address"] as? String
        let devnet = try ServeProcess(state: dir.path("devnet"))
        try setUp(try watch(["init"]), "watch init")
        try setUp(try watch(["config", "set", "devnet", devnet.url]), "watch config set")
        try setUp(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]), "watch import")
        return (identity, devnet, address ?? "")
    }

    /// `watchedColdWallet()`, its first receive address funded with `satoshis`, the watcher synced, and the signer
    /// holding the coin (headers and receipts imported). The caller terminates the devnet.
    func coldWalletWithACoin(_ satoshis: Int) throws -> (identity: String, devnet: ServeProcess) {
        let (identity, devnet, address) = try watchedColdWallet()
        try setUp(try BuiltTool("hf-devnet").run(["fund", address, String(satoshis), "--url", devnet.url]), "hf-devnet fund")
        try setUp(try watch(["sync"]), "watch sync")
        try setUp(try watch(["export", "headers", "--from", "1", "--out", dir.path("h.hfheaders")]), "watch export headers")
        try setUp(try watch(["export", "receipts", "--out-dir", dir.path("r")]), "watch export receipts")
        let receipts = try FileManager.default.contentsOfDirectory(atPath: dir.path("r")).map { dir.path("r") + "/" + $0 }
        try setUp(try sign(["import", dir.path("h.hfheaders")] + receipts), "sign import")
        return (identity, devnet)
    }
}

/// `hf-watcher wallet-api serve --port 0` on a watcher home, and the base URL it printed.
final class WalletAPIServer {
    let child: Subprocess
    let url: String

    /// Starts the server on `home` (regtest), with optional extra environment, and reads its URL.
    init(home: String, environment: [String: String] = [:]) throws {
        child = try BuiltTool("hf-watcher").start(
            ["--home", home, "--network", "regtest", "wallet-api", "serve", "--port", "0"], environment: environment)
        guard let line = child.readLine(), line.hasPrefix("http://127.0.0.1:") else {
            throw SetupFailed(step: "wallet-api serve", stderr: child.finish().stderr)
        }
        url = line
    }

    /// SIGTERM, then waits for the exit.
    /// - Returns: what the server wrote on stderr (one line per call, `wallet-api serve`'s log).
    /// A second call returns the same log without signalling again.
    @discardableResult
    func stop() -> String {
        if let log { return log }
        child.send(SIGTERM)
        let stderr = child.finish().stderr
        log = stderr
        return stderr
    }

    /// The log, once stopped.
    private var log: String?
}

/// A loop test's set-up step failed.
struct SetupFailed: Error, CustomStringConvertible {
    let step: String
    let stderr: String
    var description: String { "set-up step \(step) failed: \(stderr)" }
}
