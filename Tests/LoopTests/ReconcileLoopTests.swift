import Foundation
import HFTestSupport
import Testing

/// `hf-watcher reconcile [--json]` and the `sync --json` counts (issue 17, docs/requirements/wallet.md "UTXO Sync") with the real
/// executables against `hf-devnet serve`: a watched coin the devnet lists unspent is corroborated.
@Suite struct ReconcileLoopTests {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func sign(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-signer").run(
            ["--home", dir.path("signer"), "--network", "regtest", "--passphrase-file", passphrase] + arguments)
    }

    func watch(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-watcher").run(["--home", dir.path("watcher"), "--network", "regtest"] + arguments)
    }

    func json(_ result: BuiltTool.Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test func syncCountsAndReconcileListsTheCorroboratedCoin() throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let wallet = try json(sign(["wallet", "show", "--json"])) as? [String: Any] ?? [:]
        let identity = wallet["identityKey"] as? String ?? ""
        let list = try json(sign(["address", "list", "--count", "1", "--json"])) as? [[String: Any]] ?? []
        let address = try #require(list.first?["address"] as? String)
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)

        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try BuiltTool("hf-devnet").run(["fund", address, "40000", "--url", serve.url]).exitCode == 0)
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]).exitCode == 0)

        let sync = try watch(["sync", "--json"])
        #expect(sync.exitCode == 0, "stderr: \(sync.stderr)")
        let counts = try json(sync) as? [String: Any] ?? [:]
        #expect(
            JSONTypes.notNumbers(counts, ["corroborated", "provisional", "transactions", "validatedTipHeight", "walletUnknown"])
                == [])
        #expect(counts["corroborated"] as? Int == 1 && counts["provisional"] as? Int == 0)
        #expect(counts["walletUnknown"] as? Int == 0)

        let reconciled = try json(watch(["reconcile", "--json"])) as? [String: Any] ?? [:]
        #expect(Set(reconciled.keys) == ["corroborated", "provisional", "walletUnknown"])
        let corroborated = reconciled["corroborated"] as? [[String: Any]] ?? []
        #expect(corroborated.count == 1)
        let coin = try #require(corroborated.first)
        #expect(JSONTypes.notNumbers(coin, ["satoshis", "vout"]) == [])
        #expect(coin["address"] as? String == address && coin["satoshis"] as? Int == 40_000)
        #expect(coin["reason"] == nil && (coin["txid"] as? String)?.count == 64)
        #expect((reconciled["provisional"] as? [Any])?.isEmpty == true)
        #expect((reconciled["walletUnknown"] as? [Any])?.isEmpty == true)

        let text = try watch(["reconcile"])
        #expect(text.exitCode == 0)
        #expect(text.stdout == "corroborated\t\(coin["txid"] as? String ?? ""):\(coin["vout"] as? Int ?? -1)\t40000\t\(address)\n")
        let refused = try watch(["reconcile", "extra"])
        #expect(refused.exitCode == 64, "an unexpected argument is a usage error")
    }
}
