import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Sweeping a paper wallet across the air gap on hf-devnet: the signer imports a WIF and writes a .hfsweep; the
/// watcher watches its address, syncs the devnet's payment to it and exports the receipt; the signer lists it apart
/// from the balance, signs the sweep; the watcher broadcasts it; once mined and its receipt imported, the balance
/// holds the swept amount.
@Suite struct SweepLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String
    /// The Bitcoin wiki's example key as a compressed test/regtest WIF, and its address.
    static let wif = "cMzLdeGd5vEqxB8B6VFQoRopQ3sLAAvEzDAoQgvX54xwofSWj1fx"
    static let address = "n1KSZGmQgB8iSZqv6UVhGkCGUbEdw8Lm3Q"

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// Exports the headers the signer lacks and the receipts since then, imports them, and returns the import.
    func carry(_ name: String) throws -> BuiltTool.Result {
        let tip = try object(sign(["headers", "status", "--json"]).stdout)["validatedTipHeight"] as? Int ?? 0
        #expect(try watch(["export", "headers", "--from", String(tip + 1), "--out", dir.path(name + ".hfheaders")]).exitCode == 0)
        let exported = try watch(["export", "receipts", "--since", String(tip + 1), "--out-dir", dir.path(name)])
        #expect(exported.exitCode == 0, "stderr: \(exported.stderr)")
        let receipts = try FileManager.default.contentsOfDirectory(atPath: dir.path(name)).sorted().map { dir.path(name) + "/" + $0 }
        #expect(!receipts.isEmpty)
        return try sign(["import", dir.path(name + ".hfheaders")] + receipts + ["--json"])
    }

    @Test func aPaperWalletIsSweptAcrossTheAirGap() throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try object(sign(["wallet", "show", "--json"]).stdout)["identityKey"] as? String ?? ""
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        let wif = try dir.write("paper.wif", Self.wif + "\n")
        let added = try sign(["sweep", "add", "--wif-file", wif, "--out", dir.path("s.hfsweep"), "--json"])
        #expect(added.exitCode == 0, "stderr: \(added.stderr)")
        #expect(try object(added.stdout)["address"] as? String == Self.address)

        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["config", "set", "arc.url", serve.url + "/arc"]).exitCode == 0)
        // A sweep request is never the first word about a wallet: its identity is trusted from the address pack.
        let early = try watch(["import", dir.path("s.hfsweep")])
        #expect(early.exitCode == 65, "stderr: \(early.stderr)")
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]).exitCode == 0)
        // Tampered (its timestamp): the signature fails and nothing is watched.
        let text = try String(contentsOfFile: dir.path("s.hfsweep"), encoding: .utf8)
        let tampered = try dir.write("t.hfsweep", text.replacingOccurrences(
            of: "\"createdAt\":\"2", with: "\"createdAt\":\"1"), mode: 0o644)
        let refused = try watch(["import", tampered])
        #expect(refused.exitCode == 65, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("signature"))
        let accepted = try watch(["import", dir.path("s.hfsweep"), "--json"])
        #expect(accepted.exitCode == 0, "stderr: \(accepted.stderr)")
        #expect(accepted.stdout.contains("\"kind\":\"hfsweep\""))

        // The devnet pays the paper wallet; the watcher finds it and the signer keeps it apart from the balance.
        let devnet = BuiltTool("hf-devnet")
        let fund = try devnet.run(["fund", Self.address, "40000", "--url", serve.url, "--json"])
        #expect(fund.exitCode == 0, "stderr: \(fund.stderr)")
        #expect(try watch(["sync"]).exitCode == 0)
        let first = try carry("r1")
        #expect(first.exitCode == 0, "stderr: \(first.stderr)")
        #expect(try object(sign(["balance", "--json"]).stdout)["confirmed"] as? Int == 0)
        let status = try object(sign(["sweep", "status", "--json"]).stdout)
        #expect(status["unspentSatoshis"] as? Int == 40_000)

        // Swept, broadcast, mined: the balance holds it.
        let swept = try sign(["sweep", "spend", "--out", dir.path("sweep.hftx"), "--yes", "--json"])
        #expect(swept.exitCode == 0, "stderr: \(swept.stderr)")
        let fee = try object(swept.stdout)["fee"] as? Int ?? 0
        let broadcast = try watch(["broadcast", dir.path("sweep.hftx"), "--json"])
        #expect(broadcast.exitCode == 0, "stderr: \(broadcast.stderr)")
        #expect(try devnet.run(["mine", "1", "--url", serve.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        let second = try carry("r2")
        #expect(second.exitCode == 0, "stderr: \(second.stderr)")
        let balance = try object(sign(["balance", "--json"]).stdout)
        #expect(balance["confirmed"] as? Int == 40_000 - fee)
        #expect(balance["pendingOut"] as? Int == 0)
        #expect(try object(sign(["sweep", "status", "--json"]).stdout)["unspentSatoshis"] as? Int == 0)
    }
}
