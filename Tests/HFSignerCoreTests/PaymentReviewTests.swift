import Foundation
import HFBundles
import HFPrimitives
@testable import HFSignerCore
import HFTestSupport
import HFWallet
import Testing

/// The reviewer in-process (issue 16, Review): owners re-derived from the wallet's keys (own change, own receive paid
/// as external, external), every output kind, every warning just below and just above its threshold, and a `.hftx`
/// whose change output was swapped for a foreign address.
@Suite struct PaymentReviewTests {
    typealias Secrets = SignerSessionTests.FixedSecrets
    static let stranger = PaymentStepsTests.stranger
    static let friend = try! Address(hash160: [UInt8](repeating: 0x17, count: 20), network: .regtest)

    /// A funded sample wallet (one confirmed coin at receive address 0, block 1).
    func funded(_ satoshis: UInt64 = 100_000) throws -> (TemporaryDirectory, SignerWallet, OutPoint) {
        let (dir, _, wallet, coin) = try PaymentStepsTests().funded(satoshis)
        return (dir, wallet, coin)
    }

    func pay(_ wallet: SignerWallet, _ address: Address, _ satoshis: UInt64, out: String) throws -> PreparedPayment {
        try wallet.preparePayment(
            .pay([PaymentRecipient(address: address, satoshis: satoshis)], data: nil), feeRate: nil, out: out)
    }

    // MARK: - Owners

    @Test func theChangeIsRederivedFromTheKeysAndAStrangerIsExternal() throws {
        let (dir, wallet, coin) = try funded()
        let prepared = try pay(wallet, Self.stranger, 60_000, out: dir.path("a.hftx"))
        let review = prepared.review
        #expect(review.outputs.count == 2)
        let paid = review.outputs[0]
        #expect(paid.index == 0 && paid.kind == .p2pkh && paid.address == Self.stranger && paid.satoshis == 60_000)
        #expect(paid.owner == .external && paid.derivation == nil)
        let change = review.outputs[1]
        let expected = try wallet.keys.derivedAddress(scheme: .type42, chain: .change, index: 0)
        #expect(change.owner == .change && change.address == expected.address)
        #expect(change.derivation?.scheme == .type42 && change.derivation?.reference == "0-change-0")
        #expect(change.satoshis == 100_000 - 60_000 - review.fee)
        #expect(review.inputs == ReviewedInputs(count: 1, satoshis: 100_000, oldestHeight: 1, youngestHeight: 1))
        #expect(prepared.plan.inputs[0].outpoint == coin)
        #expect(review.fee == prepared.plan.fee && review.size == prepared.plan.estimatedSize)
        #expect(review.feeRate == FeeDensity.satoshisPerKB(fee: review.fee, size: review.size))
        #expect(review.nLockTime == 1 && review.sighash == "ALL|FORKID")
        #expect(review.warnings.isEmpty, "\(review.warnings)")
    }

    @Test func theWalletsOwnReceiveAddressPaidAsExternalIsReceiveWithAWarning() throws {
        let (dir, wallet, _) = try funded()
        let own = try wallet.keys.derivedAddress(scheme: .type42, chain: .receive, index: 5)
        let review = try pay(wallet, own.address, 20_000, out: dir.path("b.hftx")).review
        #expect(review.outputs[0].owner == .receive && review.outputs[0].derivation?.reference == "1-wallet-5")
        #expect(review.warningCodes == [.ownAddressAsExternal])
        #expect(review.warnings[0].output == 0 && review.warnings[0].message.contains(own.address.string))
        #expect(review.externalSatoshis == 0, "nothing leaves the wallet")
    }

    @Test func aBIP44AddressOfTheSameSeedIsOwnedToo() throws {
        let (dir, wallet, _) = try funded()
        let own = try wallet.keys.derivedAddress(scheme: .bip44, chain: .receive, index: 2)
        let review = try pay(wallet, own.address, 20_000, out: dir.path("c.hftx")).review
        #expect(review.outputs[0].owner == .receive)
        #expect(review.outputs[0].derivation?.scheme == .bip44)
        #expect(review.outputs[0].derivation?.reference == "m/44'/236'/0'/0/2")
        #expect(review.warningCodes == [.ownAddressAsExternal])
    }

    @Test func aSplitPaysOnlyReceiveAddressesAndWarnsOfNothing() throws {
        let (dir, wallet, coin) = try funded(90_000)
        let review = try wallet.preparePayment(.split(coin, into: 3), feeRate: nil, out: dir.path("s.hftx")).review
        #expect(review.outputs.map(\.owner) == [.receive, .receive, .receive])
        #expect(review.outputs.allSatisfy { $0.derivation?.chain == .receive && $0.derivation?.scheme == wallet.info.derivation })
        #expect(Set(review.outputs.compactMap { $0.derivation?.index }) == [1, 2, 3], "the next fresh receive addresses after the funded index 0")
        #expect(review.warnings.isEmpty, "\(review.warnings)")
    }

    /// A `.hftx` signed by this wallet, then the same bundle with its change output's script swapped for a
    /// stranger's: the review of the tampered file shows that output as external.
    @Test func aHftxWhoseChangeIsSwappedShowsExternal() throws {
        let (dir, wallet, _) = try funded()
        let signed = try wallet.sign(try pay(wallet, Self.stranger, 60_000, out: dir.path("d.hftx")))
        let bundle = signed.signed.bundle
        let honest = try wallet.review(hftx: bundle.encoded(), limits: .standard)
        #expect(honest.outputs.map(\.owner) == [.external, .change])
        #expect(honest.size == bundle.rawTx.count && honest.sighash == "ALL|FORKID")
        #expect(honest.inputs.oldestHeight == 1 && honest.inputs.youngestHeight == 1)
        var transaction = try Transaction(bytes: bundle.rawTx)
        let change = transaction.outputs[1]
        let thief = try Address(hash160: [UInt8](repeating: 0x66, count: 20), network: .regtest)
        transaction.outputs[1] = try TransactionOutput(
            satoshis: change.satoshis, lockingScript: Script(p2pkhPaying: thief))
        let swapped = try TransactionBundle(
            network: .regtest, rawTx: transaction.serialized, createdAt: bundle.createdAt, inputs: bundle.inputs)
        let review = try wallet.review(hftx: swapped.encoded(), limits: .standard)
        #expect(review.outputs[1].owner == .external && review.outputs[1].address == thief)
        #expect(review.outputs[1].derivation == nil)
        #expect(review.externalSatoshis == 60_000 + change.satoshis)
    }

    // MARK: - Hand-built transactions through the reviewer

    /// A transaction spending `inputs` (satoshis each, from the wallet's receive address 0) to `outputs`.
    func subject(
        _ wallet: SignerWallet, inputs: [UInt64], outputs: [TransactionOutput], requested: Set<Int> = [0]
    ) throws -> PaymentReviewer.Subject {
        let own = try wallet.keys.derivedAddress(scheme: .type42, chain: .receive, index: 0).address
        let sources = try inputs.map { try TransactionOutput(satoshis: $0, lockingScript: Script(p2pkhPaying: own)) }
        let transaction = Transaction(
            version: 1,
            inputs: inputs.indices.map {
                TransactionInput(previousOutput: OutPoint(txid: Txid(hashing: [UInt8($0)]), vout: 0))
            },
            outputs: outputs, lockTime: 7)
        return PaymentReviewer.Subject(
            transaction: transaction, sources: sources, heights: inputs.indices.map { 10 + $0 },
            size: transaction.serialized.count + 107 * inputs.count, requested: requested)
    }

    func pays(_ address: Address, _ satoshis: UInt64) throws -> TransactionOutput {
        try TransactionOutput(satoshis: satoshis, lockingScript: Script(p2pkhPaying: address))
    }

    func codes(_ wallet: SignerWallet, maxFee: UInt64, inputs: [UInt64], outputs: [TransactionOutput]) throws
        -> [ReviewWarning.Code]
    {
        try wallet.reviewer(limits: ReviewLimits(maxFee: maxFee))
            .review(subject(wallet, inputs: inputs, outputs: outputs)).warningCodes
    }

    @Test func theFeeCapWarnsOnlyAboveItsValue() throws {
        let (_, wallet, _) = try funded()
        let out = [try pays(Self.stranger, 900_000)]
        #expect(try codes(wallet, maxFee: 10_000, inputs: [910_000], outputs: out) == [])
        #expect(try codes(wallet, maxFee: 10_000, inputs: [910_001], outputs: out) == [.feeAboveCap])
        #expect(try codes(wallet, maxFee: 20_000, inputs: [910_001], outputs: out) == [])
        let review = try wallet.reviewer(limits: .standard).review(subject(wallet, inputs: [910_001], outputs: out))
        #expect(review.warnings[0].message
            == "the fee of 0.00010001 BSV (10,001 sat) is above the cap of 0.0001 BSV (10,000 sat) (--max-fee)")
        #expect(review.warnings[0].output == nil)
        #expect(ReviewLimits.standard.maxFee == 10_000)
    }

    @Test func theFeeShareWarnsAboveFivePercentOfWhatLeaves() throws {
        let (_, wallet, _) = try funded()
        let out = [try pays(Self.stranger, 100_000)]
        #expect(try codes(wallet, maxFee: 1_000_000, inputs: [105_000], outputs: out) == [])
        #expect(try codes(wallet, maxFee: 1_000_000, inputs: [105_001], outputs: out) == [.feeAboveShare])
        // Nothing leaves (a payment to the wallet's own change): the share is of the coins moved.
        let change = try wallet.keys.derivedAddress(scheme: .type42, chain: .change, index: 3).address
        let own = [try pays(change, 95_000)]
        #expect(try wallet.reviewer(limits: .standard).review(
            subject(wallet, inputs: [100_000], outputs: own, requested: [])).warningCodes == [])
        #expect(try wallet.reviewer(limits: .standard).review(
            subject(wallet, inputs: [100_001], outputs: own, requested: [])).warningCodes == [.feeAboveShare])
    }

    @Test func eachOutputKindIsShownAndOnlyNonstandardWarns() throws {
        let (_, wallet, _) = try funded()
        func push(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count)] + bytes }
        func push(_ text: String) -> [UInt8] { push(Array(text.utf8)) }
        let data = Script(bytes: [0x00, 0x6a] + push("hello"))
        var uploadBytes: [UInt8] = [0x00, 0x6a]
        uploadBytes += push("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut")
        uploadBytes += push([1, 2, 3])
        uploadBytes += push("text/plain")
        uploadBytes += push("binary")
        uploadBytes += push("x.txt")
        let upload = Script(bytes: uploadBytes)
        let custom = Script(bytes: [0x51, 0x87])
        let broken = Script(bytes: [0x4c, 0x05, 0xaa])
        let outputs = [
            try pays(Self.stranger, 50_000), try TransactionOutput(satoshis: 0, lockingScript: data),
            try TransactionOutput(satoshis: 0, lockingScript: upload),
            try TransactionOutput(satoshis: 1_000, lockingScript: custom),
            try TransactionOutput(satoshis: 1_000, lockingScript: broken),
        ]
        let review = try wallet.reviewer(limits: .standard).review(
            subject(wallet, inputs: [52_100], outputs: outputs, requested: [0, 1, 2, 3, 4]))
        let kinds: [ScriptClassification.Kind] = [.p2pkh, .data, .bcat, .script, .nonstandard]
        #expect(review.outputs.map(\.kind) == kinds)
        #expect(review.outputs.allSatisfy { $0.owner == .external })
        #expect(review.outputs.map { $0.address != nil } == [true, false, false, false, false])
        #expect(review.outputs[3].script == .script(disassembly: "OP_1 OP_EQUAL"))
        // OP_1 OP_EQUAL carries 1,000 satoshis and checks no signature: anyone can spend it (issue 27).
        #expect(review.warningCodes == [.unlockedOutput, .nonstandardScript])
        #expect(review.warnings[0].output == 3 && review.warnings[1].output == 4)
        #expect(review.inputs == ReviewedInputs(count: 1, satoshis: 52_100, oldestHeight: 10, youngestHeight: 10))
        #expect(review.fee == 100 && review.nLockTime == 7)
    }

    @Test func aDataOutputWarnsAboveOneKilobyte() throws {
        let (_, wallet, _) = try funded()
        // OP_FALSE OP_RETURN OP_PUSHDATA2 <2 length bytes> <data>: 5 bytes plus the data.
        func data(_ count: Int) throws -> TransactionOutput {
            let bytes = [0x00, 0x6a, 0x4d, UInt8(count & 0xff), UInt8(count >> 8)] + [UInt8](repeating: 0x41, count: count)
            return try TransactionOutput(satoshis: 0, lockingScript: Script(bytes: bytes))
        }
        let pay = try pays(Self.stranger, 900_000)
        #expect(try codes(wallet, maxFee: 10_000, inputs: [900_500], outputs: [pay, data(995)]) == [])
        let review = try wallet.reviewer(limits: .standard).review(
            subject(wallet, inputs: [900_500], outputs: [pay, data(996)]))
        #expect(review.warningCodes == [.largeDataOutput] && review.warnings[0].output == 1)
        #expect(review.warnings[0].message.contains("1001"))
    }

    /// Issue 27: an output locked by no signature (`OP_1`, an empty script) warns `unlockedOutput`; one that checks
    /// a signature, a 0-satoshi one or a data output does not. One payment paying the same address twice warns
    /// `duplicateRecipient` on the second output.
    @Test func unlockedOutputsAndDuplicateRecipientsWarn() throws {
        let (_, wallet, _) = try funded()
        let pay = try pays(Self.stranger, 50_000)
        for script in [[0x51], [], [0x01, 0x07], [0x75, 0x51]] as [[UInt8]] {
            let review = try wallet.reviewer(limits: .standard).review(subject(
                wallet, inputs: [52_100], outputs: [pay, try TransactionOutput(satoshis: 1_000, lockingScript: Script(bytes: script))],
                requested: [0, 1]))
            #expect(review.warningCodes.contains(.unlockedOutput), "\(script): \(review.warningCodes)")
            let warning = try #require(review.warnings.first { $0.code == .unlockedOutput })
            #expect(warning.output == 1 && warning.message.contains("anyone who sees the transaction can take it"))
        }
        // A bare public key and OP_CHECKSIG, or 0 satoshis to OP_1: no unlocked warning.
        let checked = Script(bytes: [0x21] + [UInt8](repeating: 0x02, count: 33) + [0xac])
        for output in [try TransactionOutput(satoshis: 1_000, lockingScript: checked),
                       try TransactionOutput(satoshis: 0, lockingScript: Script(bytes: [0x51]))] {
            let review = try wallet.reviewer(limits: .standard).review(
                subject(wallet, inputs: [52_100], outputs: [pay, output], requested: [0, 1]))
            #expect(!review.warningCodes.contains(.unlockedOutput))
        }
        let twice = try wallet.reviewer(limits: .standard).review(subject(
            wallet, inputs: [60_100], outputs: [pay, try pays(Self.stranger, 10_000)], requested: [0, 1]))
        #expect(twice.warningCodes == [.duplicateRecipient] && twice.warnings[0].output == 1)
        #expect(twice.warnings[0].message.contains("pays \(Self.stranger.string) again"))
        let once = try wallet.reviewer(limits: .standard).review(subject(
            wallet, inputs: [60_100], outputs: [pay, try pays(Self.friend, 10_000)], requested: [0, 1]))
        #expect(once.warningCodes == [])
    }

    @Test func spendingAOneSatoshiOutputWarns() throws {
        let (_, wallet, _) = try funded()
        let out = [try pays(Self.stranger, 900_000)]
        let review = try wallet.reviewer(limits: .standard).review(
            subject(wallet, inputs: [900_100, 1], outputs: out))
        #expect(review.warningCodes == [.oneSatoshiInput])
        #expect(review.warnings[0].output == nil && review.warnings[0].message.contains("input 1"))
        #expect(review.inputs == ReviewedInputs(count: 2, satoshis: 900_101, oldestHeight: 10, youngestHeight: 11))
        #expect(try codes(wallet, maxFee: 10_000, inputs: [900_100, 2], outputs: out) == [])
    }

    /// The `--json` shape of a review: exactly the keys, numbers as numbers.
    @Test func theJSONShapeIsPinned() throws {
        let (dir, wallet, _) = try funded()
        let own = try wallet.keys.derivedAddress(scheme: .type42, chain: .receive, index: 5)
        let review = try pay(wallet, own.address, 20_000, out: dir.path("j.hftx")).review
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(review)) as? [String: Any])
        #expect(ReviewJSONShape.problems(object) == [])
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["ownAddressAsExternal"])
        #expect(warnings.first?["output"] as? Int == 0)
    }
}
