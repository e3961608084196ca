import Foundation
import HFBundles
import HFPrimitives
import HFSPV
@testable import HFSignerCore
import HFSystem
import HFTestSupport
import HFWallet
import RegtestFixtures
import Testing

/// The session's payment steps in-process (issue 13): `preparePayment` and `sign` write nothing, a taken `--out` is
/// refused before the user is asked, and only `keep` commits, then writes the `.hftx` from the stored bytes.
@Suite struct PaymentStepsTests {
    typealias Secrets = SignerSessionTests.FixedSecrets

    /// A session whose sample wallet holds one confirmed coin of `satoshis` at its first receive address (block 1).
    func funded(_ satoshis: UInt64) throws -> (TemporaryDirectory, SignerSession, SignerWallet, OutPoint) {
        let (dir, session) = try SignerSessionTests().session()
        let wallet = try session.openWallet(.defaultWallet, secrets: Secrets())
        let address = try wallet.book.list(chain: .receive, start: 0, count: 1)[0].address
        let pay = try Regtest.payment(to: address, amounts: [satoshis])
        let block = try Regtest.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        _ = try session.importBundle(try Regtest.headersBundle([block]), wallet: .defaultWallet, secrets: Secrets())
        _ = try session.importBundle(
            try block.receipt(index: 0, height: 1).encoded(), wallet: .defaultWallet, secrets: Secrets())
        let funded = try session.openWallet(.defaultWallet, secrets: Secrets())
        return (dir, session, funded, OutPoint(txid: Txid(hashing: pay), vout: 0))
    }

    static let stranger = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)

    @Test func preparingAndSigningWriteNothingAndKeepCommitsThenWrites() throws {
        let (dir, _, wallet, coin) = try funded(100_000)
        let out = dir.path("pay.hftx")
        let before = try SignerSessionTests().digest(dir)
        let prepared = try wallet.preparePayment(
            .pay([PaymentRecipient(address: Self.stranger, satoshis: 60_000)], data: nil), feeRate: 500, out: out)
        #expect(prepared.review.externalSatoshis == 60_000)
        #expect(prepared.review.inputs.count == 1 && prepared.plan.inputs[0].outpoint == coin)
        #expect(prepared.review.fee == prepared.plan.fee && prepared.review.fee > 0)
        #expect(prepared.feeRate == (try FeeRate(satoshis: 500, bytes: 1000)))
        #expect(try SignerSessionTests().digest(dir) == before, "preparing wrote to the store")
        let payment = try wallet.sign(prepared)
        #expect(try SignerSessionTests().digest(dir) == before, "signing wrote to the store")
        #expect(!FileManager.default.fileExists(atPath: out), "signing wrote the .hftx")
        try wallet.keep(payment)
        #expect(try wallet.spender.pending().map(\.txid) == [payment.txid])
        var written = try TransactionBundle(
            decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        // The file carries the wallet's signer state, with this payment pending (issue 26), beside the bundle signed.
        #expect(written.signerState?.pending == [payment.signed.transaction.txid])
        written.signerState = nil
        #expect(written == payment.signed.bundle)
        let balance = try wallet.ledger().balance(walletID: wallet.info.walletID)
        #expect(balance.confirmed == 0 && balance.utxoCount == 0, "the kept payment's input counts as spent")
        #expect(balance.pendingOut == 60_000 + payment.fee, "what leaves the wallet: the payment and its fee")
    }

    @Test func aTakenOutIsRefusedBeforeAnythingIsPlanned() throws {
        let (dir, _, wallet, _) = try funded(100_000)
        let taken = dir.path("taken.hftx")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: taken))
        let before = try SignerSessionTests().digest(dir)
        do {
            _ = try wallet.preparePayment(
                .pay([PaymentRecipient(address: Self.stranger, satoshis: 1_000)], data: nil), feeRate: nil, out: taken)
            Issue.record("a taken --out was accepted")
        } catch {
            #expect(error.exitStatus == .cannotCreate && error.description.contains("already exists"))
        }
        #expect(try SignerSessionTests().digest(dir) == before)
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine")
    }

    @Test func aPaymentAboveTheBalanceIsRefusedAndKeepsNothing() throws {
        let (dir, _, wallet, _) = try funded(10_000)
        let before = try SignerSessionTests().digest(dir)
        do {
            _ = try wallet.preparePayment(
                .pay([PaymentRecipient(address: Self.stranger, satoshis: 20_000)], data: nil), feeRate: nil,
                out: dir.path("never.hftx"))
            Issue.record("a payment above the balance was prepared")
        } catch {
            guard case .payment = error else { Issue.record("not a payment error: \(error)"); return }
            #expect(error.exitStatus == .dataError && error.code == "insufficientFunds", "\(error.code)")
        }
        #expect(try SignerSessionTests().digest(dir) == before)
        #expect(!FileManager.default.fileExists(atPath: dir.path("never.hftx")))
    }

    @Test func aSplitGoesThroughTheSameSteps() throws {
        let (dir, _, wallet, coin) = try funded(90_000)
        let prepared = try wallet.preparePayment(.split(coin, into: 3), feeRate: nil, out: dir.path("split.hftx"))
        #expect(prepared.plan.transaction.outputs.count == 3 && prepared.review.inputs.count == 1)
        #expect(prepared.review.outputs.reduce(0) { $0 + $1.satoshis } + prepared.review.fee == 90_000)
        #expect(prepared.review.outputs.allSatisfy { $0.owner == .receive }, "a split pays the wallet's own addresses")
        let payment = try wallet.sign(prepared)
        try wallet.keep(payment)
        #expect(try wallet.spender.pending().map(\.txid) == [payment.txid])
        let missing = OutPoint(txid: coin.txid, vout: 7)
        #expect(throws: SignerError.self) {
            try wallet.preparePayment(.split(missing, into: 2), feeRate: nil, out: dir.path("other.hftx"))
        }
    }
}
