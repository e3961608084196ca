import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// Issue 27, "a call pays once, also after a restore": the "pays once" record travels in the backup, so a home
/// restored from it answers a paid createAction call again with the same payment (written from the store), never
/// with a second coin.
@Suite struct RestoredCallPaysOnceTests {
    @Test func aRestoredHomeAnswersAPaidCallWithTheSamePayment() throws {
        let (f, block) = try ReorgLedgerTests.funded([50_000, 30_000])
        let shown = try f.run(["wallet", "show", "--json"], network: "regtest").stdout
        let identity = try #require(
            (JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])?["identityKey"] as? String)
        let stranger = try Address(hash160: [UInt8](repeating: 0x46, count: 20), network: .regtest)
        let bundle = try WalletCallBundle(
            network: .regtest, callID: [UInt8](repeating: 0xc2, count: 16), createdAt: RFC3339Timestamp("2026-12-02T12:00:00Z"),
            originator: "shop.example", identityKey: PublicKey(serialized: Hex.decode(identity)), method: .createAction,
            arguments: [
                "description": .string("pay"),
                "outputs": .array([
                    .object(["lockingScript": .string(Script(p2pkhPaying: stranger).hex), "satoshis": .integer(10_000)])
                ]),
            ])
        let call = try f.write("pay.hfcall", bundle.encoded())
        let paid = try f.run(["call", "answer", call, "--out", f.dir.path("pay.hfanswer"), "--yes"], network: "regtest")
        #expect(paid.exitCode == 0, "\(paid.stderr)")
        let txid = try #require(try BackupPendingTests.pending(f).first)

        let password = try f.dir.write("backup-password", "backup pw")
        let bep = f.dir.path("paid.bep")
        #expect(try f.run(["backup", "create", "--out", bep, "--password-file", password], network: "regtest").exitCode == 0)
        let verified = try f.signer.run(["backup", "verify", bep, "--password-file", password, "--json"])
        #expect(verified.stdout.contains(#""answeredCalls":1"#), "\(verified.stdout)")

        let g = try SignerFixtures()
        let (_, outcomes) = try BackupPendingTests.restore(g, bep, password)
        #expect(outcomes.first?.answeredCalls == 1 && outcomes.first?.pending == [txid])
        try ReorgLedgerTests.importFiles(g, [("h1", try SignerFixtures.regtestBundle([block]))])
        let again = try g.run(["call", "answer", call, "--out", g.dir.path("again.hfanswer"), "--yes"], network: "regtest")
        #expect(again.exitCode == 0 && again.stderr.contains("already answered with payment \(txid)"), "\(again.stderr)")
        #expect(try BackupPendingTests.pending(g) == [txid], "the restored home paid the call a second time")
        let answer = try WalletAnswerBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: g.dir.path("again.hfanswer")))), expectedNetwork: .regtest)
        guard case .result(let result) = answer.outcome else { Issue.record("no result"); return }
        #expect(result["txid"] == .string(txid))
    }
}
