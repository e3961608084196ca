import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `split`, and a crash test: `send` and `import` SIGKILLed at random moments leave no partial state.
@Suite struct SplitAndCrashTests {
    /// A regtest sample wallet with `amounts` paid to receive address 0 and confirmed in block 1.
    func funded(_ amounts: [UInt64]) throws -> (SignerFixtures, SignerFixtures.RegtestBlock) {
        try SignerFixtures.funded(amounts)
    }

    @Test func splitIntoEqualOutputsAtFreshAddresses() throws {
        let (f, block) = try funded([100_000])
        let txid = Txid(hashing: block.transactions[0]).displayHex
        let out = f.dir.path("split.hftx")
        let result = try f.run(["split", "--yes", "--outpoint", "\(txid):0", "--outputs", "10", "--out", out], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let bundle = try TransactionBundle(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        let transaction = try Transaction(bytes: bundle.rawTx)
        #expect(transaction.outputs.count == 10)
        let values = transaction.outputs.map(\.satoshis)
        #expect(Set(values.dropFirst()).count == 1, "equal outputs, remainder to the first")
        #expect(values.reduce(0, +) < 100_000)
        #expect(Set(transaction.outputs.map(\.lockingScript)).count == 10, "ten distinct addresses")
        for (label, arguments) in [
            ("241 outputs", ["--outputs", "241"]), ("1 output", ["--outputs", "1"]),
        ] {
            let refused = try f.run(["split", "--yes", "--outpoint", "\(txid):0", "--out", f.dir.path("x")] + arguments, network: "regtest")
            #expect(refused.exitCode == 64, "\(label)")
        }
        let unknown = try f.run(["split", "--yes", "--outpoint", "\(String(repeating: "ab", count: 32)):0", "--outputs", "2",
                                 "--out", f.dir.path("y")], network: "regtest")
        #expect(unknown.exitCode == 65)
    }

    @Test func splitRefusesDustOutputs() throws {
        let (f, block) = try funded([5_000])
        let txid = Txid(hashing: block.transactions[0]).displayHex
        let result = try f.run(["split", "--yes", "--outpoint", "\(txid):0", "--outputs", "20", "--out", f.dir.path("s")], network: "regtest")
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("dust") || result.stderr.contains("546"))
    }

    /// Kills `send` at random moments: afterwards either nothing changed (balance as before, no pending) or the
    /// transaction is fully kept (pending, inputs spent, its .hftx exportable) — never a mix.
    @Test func killedSendsLeaveNoPartialState() throws {
        let (f, _) = try funded([50_000, 30_000, 20_000])
        let stranger = try Address(hash160: [UInt8](repeating: 0x44, count: 20), network: .regtest).string
        var killed = 0
        for iteration in 0..<12 {
            let out = f.dir.path("send-\(iteration).hftx")
            let child = try f.signer.start(["--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile,
                                 "send", "--yes", "--to", stranger, "--amount", "1000", "--out", out]
            )
            usleep(UInt32.random(in: 50_000...400_000))
            child.send(SIGKILL)
            _ = child.finish()
            if child.wasSignalled { killed += 1 }

            let pending = try f.run(["pending", "list", "--json"], network: "regtest")
            #expect(pending.exitCode == 0, "iteration \(iteration): \(pending.stderr)")
            let entries = try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [[String: Any]] ?? []
            let balance = try f.run(["balance", "--json"], network: "regtest")
            let object = try JSONSerialization.jsonObject(with: Data(balance.stdout.utf8)) as? [String: Any]
            let confirmed = object?["confirmed"] as? Int ?? -1
            let pendingOut = object?["pendingOut"] as? Int ?? -1
            // Either nothing was kept, or one whole transaction: pending, inputs spent, 1000 + fee leaving.
            #expect(entries.count <= 1, "iteration \(iteration)")
            if entries.isEmpty {
                #expect(confirmed == 100_000 && pendingOut == 0, "iteration \(iteration): nothing kept, nothing spent")
            } else {
                #expect(confirmed < 100_000 && pendingOut > 1000 && pendingOut < 1100, "iteration \(iteration)")
            }
            for entry in entries {
                let id = entry["txid"] as? String ?? ""
                let export = try f.run(["pending", "export", id, "--out", f.dir.path("re-\(iteration)-\(id.prefix(8))")], network: "regtest")
                #expect(export.exitCode == 0, "pending \(id) has its .hftx")
                // Cancel it so the next iteration has coins again.
                #expect(try f.run(["pending", "cancel", id], network: "regtest").exitCode == 0)
            }
        }
        let finalBalance = try f.run(["balance", "--json"], network: "regtest")
        #expect(finalBalance.stdout.contains("\"confirmed\":100000"), "every kill or cancel left the coins intact")
        #expect(finalBalance.stdout.contains("\"pendingOut\":0"))
        #expect(killed > 0, "at least one send was killed")
    }
}
