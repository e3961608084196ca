import Foundation
import HFTestSupport
import Testing

/// Issue 17, "Ordinals, third level", through the built `hf-watcher` against a real `hf-devnet serve` on loopback:
/// a 1-satoshi payment to a watched address is shown as `notOrdinal` when the devnet's indexer knows it as plain,
/// and as `unknown` (protected) when `ordinals.url` points where no indexer answers (404) or is empty; the
/// 5 000-satoshi payment has no state. Text and `--json` both.
@Suite struct WatcherOrdinalsLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func ok(_ result: BuiltTool.Result) -> BuiltTool.Result {
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return result
    }

    /// `utxos --json` as satoshis → the `ordinal` member (nil when absent); every other member keeps its type.
    func states() throws -> [Int: String?] {
        let data = Data(ok(try watch(["utxos", "--json"])).stdout.utf8)
        let outputs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(outputs.allSatisfy { $0["vout"] is Int && $0["height"] is Int && $0["txid"] is String })
        return Dictionary(uniqueKeysWithValues: outputs.map { ($0["satoshis"] as? Int ?? -1, $0["ordinal"] as? String) })
    }

    /// The text line of the output of `satoshis`.
    func line(_ satoshis: Int) throws -> String {
        let lines = ok(try watch(["utxos"])).stdout.split(separator: "\n").map(String.init)
        return lines.first { $0.split(separator: "\t").dropFirst().first.map(String.init) == ExpectedAmount.bsv(UInt64(satoshis)) } ?? ""
    }

    @Test func utxosShowsTheIndexersStateOfOneSatoshiOutputsAndUnknownWhenItCannotBeAsked() throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try JSONSerialization.jsonObject(with: Data(ok(sign(["wallet", "show", "--json"])).stdout.utf8))
        let trust = (identity as? [String: Any])?["identityKey"] as? String ?? ""
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        let list = try JSONSerialization.jsonObject(
            with: Data(ok(sign(["address", "list", "--count", "1", "--json"])).stdout.utf8)) as? [[String: Any]]
        let address = try #require(list?.first?["address"] as? String)
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        _ = ok(try watch(["init"]))
        _ = ok(try watch(["config", "set", "net.attempts", "1"]))
        _ = ok(try watch(["config", "set", "devnet", serve.url]))
        _ = ok(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", trust]))
        for satoshis in ["1", "5000"] {
            _ = ok(try BuiltTool("hf-devnet").run(["fund", address, satoshis, "--url", serve.url]))
        }
        _ = ok(try watch(["sync"]))

        // The devnet's indexer knows the 1-satoshi output as plain.
        #expect(try states() == [1: "notOrdinal", 5000: nil])
        #expect(try line(1).hasSuffix("\t\(address)\tordinal=notOrdinal"))
        #expect(try line(5000).hasSuffix("\t\(address)"))

        // No indexer at that URL (the devnet answers 404), or none configured: unknown.
        for url in [serve.url + "/no-indexer/api", ""] {
            _ = ok(try watch(["config", "set", "ordinals.url", url]))
            #expect(try states() == [1: "unknown", 5000: nil], "ordinals.url '\(url)'")
            #expect(try line(1).hasSuffix("\tordinal=unknown"))
        }
    }
}
