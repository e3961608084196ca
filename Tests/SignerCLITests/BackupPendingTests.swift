import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// Issue 27, "backups keep what was signed": a payment signed and kept pending before `backup create` comes back
/// pending after `backup restore` (into a new home, and merged into a home that has the wallet), its inputs spent,
/// so the restored signer never signs a second transaction spending the same outpoint (the reproduced double
/// spend); `.hfwallet` files carry it too; older backups restore and say they hold no pending transactions.
@Suite struct BackupPendingTests {
    struct Outcome: Decodable {
        let walletId: String
        let result: String
        let receipts: Int
        let pending: [String]
        let answeredCalls: Int
        let unverifiedReceipts: Int
    }

    struct Entry: Decodable { let txid: String }

    static let stranger = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)

    /// The outpoints (`txid:vout`) a `.hftx` spends.
    static func spent(_ path: String) throws -> Set<String> {
        let bundle = try TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), expectedNetwork: .regtest)
        return Set(bundle.inputs.map { "\($0.txid.displayHex):\($0.vout)" })
    }

    static func pending(_ f: SignerFixtures) throws -> [String] {
        let listed = try f.run(["pending", "list", "--json"], network: "regtest")
        #expect(listed.exitCode == 0, "stderr: \(listed.stderr)")
        return try JSONDecoder().decode([Entry].self, from: Data(listed.stdout.utf8)).map(\.txid)
    }

    static func restore(_ f: SignerFixtures, _ bep: String, _ password: String) throws -> (BuiltTool.Result, [Outcome]) {
        let restored = try f.run(["backup", "restore", bep, "--password-file", password, "--json"], network: "regtest")
        #expect(restored.exitCode == 0, "stderr: \(restored.stderr)")
        return (restored, (try? JSONDecoder().decode([Outcome].self, from: Data(restored.stdout.utf8))) ?? [])
    }

    @Test func pendingPaymentsSurviveBackupRestoreAndWalletFiles() throws {
        let (f, block) = try ReorgLedgerTests.funded([40_000, 25_000])
        let password = try f.dir.write("backup-password", "backup pw")
        // A wallet-file key first, so that every home restored below can open this wallet's .hfwallet files.
        #expect(try f.run(["export", "wallet", "--out", f.dir.path("early.hfwallet")], network: "regtest").exitCode == 0)
        let old = f.dir.path("old.bep")
        #expect(try f.run(["backup", "create", "--out", old, "--password-file", password], network: "regtest").exitCode == 0)

        let paid = f.dir.path("pay.hftx")
        let sent = try f.run(["send", "--yes", "--to", Self.stranger.string, "--amount", "10000", "--out", paid], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let txid = try #require(try Self.pending(f).first)
        let spentByPaid = try Self.spent(paid)

        let new = f.dir.path("new.bep")
        let created = try f.run(["backup", "create", "--out", new, "--password-file", password], network: "regtest")
        #expect(created.exitCode == 0 && created.stdout.contains("1 pending transaction"), "\(created.stdout)")
        let verified = try f.signer.run(["backup", "verify", new, "--password-file", password])
        #expect(verified.exitCode == 0 && verified.stdout.contains("pending \(txid)"), "\(verified.stdout)")
        let verifiedOld = try f.signer.run(["backup", "verify", old, "--password-file", password])
        #expect(verifiedOld.stderr.contains("holds no pending transactions"), "\(verifiedOld.stderr)")
        #expect(try f.run(["export", "wallet", "--out", f.dir.path("late.hfwallet")], network: "regtest").exitCode == 0)

        // A new home: the payment is pending again, its .hftx the same transaction (with the new home's state), its inputs
        // spent.
        let g = try SignerFixtures()
        let (restored, outcomes) = try Self.restore(g, new, password)
        #expect(outcomes.first?.pending == [txid] && outcomes.first?.result == "restored")
        #expect(outcomes.first?.unverifiedReceipts == 1)
        #expect(restored.stderr.contains("wait for headers") && restored.stderr.contains("`hf-signer export state --out F.hfstate`"), "\(restored.stderr)")
        #expect(restored.stderr.contains("pending \(txid)"), "\(restored.stderr)")
        #expect(try Self.pending(g) == [txid])
        let again = g.dir.path("again.hftx")
        #expect(try g.run(["pending", "export", txid, "--out", again], network: "regtest").exitCode == 0)
        try SignerFixtures.expectSameTransactionNewerState(paid, again, txid: txid, sameHome: false)
        try ReorgLedgerTests.importFiles(g, [("h1", try SignerFixtures.regtestBundle([block]))])
        let second = g.dir.path("second.hftx")
        let paidAgain = try g.run(
            ["send", "--yes", "--to", Self.stranger.string, "--amount", "10000", "--out", second], network: "regtest")
        #expect(paidAgain.exitCode == 0, "stderr: \(paidAgain.stderr)")
        #expect(try Self.spent(second).isDisjoint(with: spentByPaid), "the restored signer spent a pending input again")

        // An older backup restores and says it holds no pending transactions; the new one then merges into it.
        let h = try SignerFixtures()
        let (fromOld, oldOutcomes) = try Self.restore(h, old, password)
        #expect(oldOutcomes.first?.pending == [])
        #expect(fromOld.stderr.contains("holds no pending transactions"), "\(fromOld.stderr)")
        #expect(try Self.pending(h).isEmpty)
        let (_, merged) = try Self.restore(h, new, password)
        #expect(merged.first?.result == "alreadyPresent" && merged.first?.pending == [txid])
        #expect(try Self.pending(h) == [txid])
        try ReorgLedgerTests.importFiles(h, [("h1", try SignerFixtures.regtestBundle([block]))])
        let third = h.dir.path("third.hftx")
        #expect(try h.run(["send", "--yes", "--to", Self.stranger.string, "--amount", "10000", "--out", third],
                          network: "regtest").exitCode == 0)
        #expect(try Self.spent(third).isDisjoint(with: spentByPaid))
        // Merging twice adds nothing.
        let (_, twice) = try Self.restore(h, new, password)
        #expect(twice.first?.pending == [])

        // A .hfwallet written after the payment carries it into a home restored from the older backup.
        let k = try SignerFixtures()
        _ = try Self.restore(k, old, password)
        let imported = try k.run(["import", f.dir.path("late.hfwallet")], network: "regtest")
        #expect(imported.exitCode == 0 && imported.stdout.contains(txid), "\(imported.stdout) \(imported.stderr)")
        #expect(try Self.pending(k) == [txid])
    }
}
