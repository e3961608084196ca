import Foundation
import HFPrimitives
@testable import HFSignerCore
import HFTestSupport
import HFWallet
import Testing

/// `wallet move`'s use case in-process (issue 32): preparing and signing write nothing, the review names the
/// destination wallet as the owner of every output, and keeping commits the source's pending transaction with the
/// destination's raised receive index.
@Suite struct WalletMoveStepsTests {
    typealias Secrets = SignerSessionTests.FixedSecrets

    @Test func prepareAndSignWriteNothingAndKeepRaisesTheDestinationIndex() throws {
        let (dir, session, source, _) = try PaymentStepsTests().funded(100_000)
        let destination = try session.addWallet(
            title: "Second", mnemonic: try Mnemonic(phrase: SecondWalletPhrase.legalWinner), passphrase: "",
            derivation: .type42, vault: try session.openVault(Secrets()))
        let out = dir.path("move.hftx")
        let sourceIndex = try source.book.nextIndex(source.book.scheme, .receive)
        // SQLite's shared-memory index (-shm) changes on a read and is left aside, as the CLI tests do.
        let before = try SignerSessionTests().digest(dir).filter { !$0.key.hasSuffix("-shm") }
        let move = try session.prepareMove(
            from: .id(source.info.walletID), to: .id(String(destination.walletID.prefix(8))), feeRate: nil, out: out,
            secrets: Secrets())
        #expect(move.source.walletID == source.info.walletID && move.destination.walletID == destination.walletID)
        #expect(move.protectedCount == 0 && move.sourceConfirmed == 100_000)
        #expect(move.review.outputs.count == 3)
        #expect(move.review.outputs.allSatisfy { $0.owner == .wallet && $0.walletID == destination.walletID })
        #expect(move.review.externalSatoshis == 0 && move.review.otherWalletSatoshis == 100_000 - move.plan.fee)
        let payment = try session.sign(move)
        let after = try SignerSessionTests().digest(dir).filter { !$0.key.hasSuffix("-shm") }
        #expect(after == before, "preparing and signing wrote: \(after.keys.filter { after[$0] != before[$0] })")
        #expect(!FileManager.default.fileExists(atPath: out))
        try session.keep(payment, moving: move)
        #expect(FileManager.default.fileExists(atPath: out))
        #expect(try source.spender.pending().map(\.txid) == [payment.txid])
        let opened = try session.openWallet(.id(destination.walletID), secrets: Secrets())
        #expect(try opened.book.nextIndex(opened.book.scheme, .receive) == 3)
        #expect(try source.book.nextIndex(source.book.scheme, .receive) == sourceIndex, "the source's indexes stay")

        do {
            _ = try session.prepareMove(
                from: .id(source.info.walletID), to: .id(source.info.walletID), feeRate: nil,
                out: dir.path("same.hftx"), secrets: Secrets())
            Issue.record("a move to the same wallet was prepared")
        } catch {
            #expect(error.code == "rejected" && error.description.contains("both name wallet"))
        }
    }
}

/// The legal-winner phrase (BIP39's second test vector), a second wallet beside the sample one.
enum SecondWalletPhrase {
    static let legalWinner = "legal winner thank year wave sausage worth useful legal winner thank yellow"
}
