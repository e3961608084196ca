import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

/// The pay view's outputs through `PaymentBuilder.plan(outputs:…)`: every kind signed and verified, data-only
/// transactions, and each refusal.
@Suite struct PaymentOutputsTests {
    typealias F = EngineFixtures

    let builder = PaymentBuilder(network: .main)

    func plan(_ outputs: [PaymentOutput], utxos: [UInt64] = [40_000, 25_000]) throws(PaymentError) -> PaymentPlan {
        try builder.plan(
            outputs: outputs, from: F.utxos(utxos), changeAddresses: F.changeAddresses(), lockTimeHeight: 900)
    }

    /// A custom locking script: `OP_2 OP_2 OP_ADD OP_4 OP_EQUAL` (anyone who can add may spend it).
    static let puzzle = Script(bytes: [0x52, 0x52, 0x93, 0x54, 0x87])

    static var upload: UploadFile {
        UploadFile(data: TinyPNG.bytes, mediaType: MediaType("image/png")!, filename: "dot.png")
    }

    @Test func everyKindInOrderSignedAndVerified() throws {
        let outputs: [PaymentOutput] = [
            .recipient(PaymentRecipient(address: F.foreign(1), satoshis: 10_000)),
            .script(Self.puzzle, satoshis: 2_000),
            .recipient(PaymentRecipient(address: F.foreign(2), satoshis: 3_000)),
            .data([Array("hello".utf8), [0x00, 0xff], Array(repeating: 7, count: 80)]),
            .upload(Self.upload),
        ]
        let plan = try plan(outputs)
        let tx = plan.transaction
        #expect(tx.outputs.count == 6)
        #expect(tx.outputs[0] == F.output(10_000, to: F.foreign(1)))
        #expect(tx.outputs[1].lockingScript == Self.puzzle && tx.outputs[1].satoshis == 2_000)
        #expect(tx.outputs[2] == F.output(3_000, to: F.foreign(2)))
        #expect(tx.outputs[3].satoshis == 0)
        #expect(try tx.outputs[3].lockingScript.dataOutputPushes() == [
            Array("hello".utf8), [0x00, 0xff], Array(repeating: 7, count: 80),
        ])
        #expect(tx.outputs[4].satoshis == 0)
        #expect(try tx.outputs[4].lockingScript.dataOutputPushes()[1] == TinyPNG.bytes)
        #expect(tx.outputs[5].lockingScript == Script(p2pkhPaying: F.changeAddresses()[0].address))
        #expect(plan.amountSatoshis == 15_000 && plan.walletOutputIndices == [5])
        #expect(plan.inputs.map(\.satoshis) == [40_000])
        #expect(plan.changeSatoshis == 40_000 - 15_000 - plan.fee)

        let signed = try plan.signed(keys: F.keyLookup)
        try PaymentBuilderTests.verifyAll(signed)
        #expect(signed.transaction.size <= plan.estimatedSize)
        #expect(plan.fee >= FeeRate.standard.fee(forSize: signed.transaction.size))
        let parsed = try Transaction(bytes: signed.transaction.serialized)
        #expect(parsed == signed.transaction)
        #expect(parsed.outputs.map(\.satoshis) == tx.outputs.map(\.satoshis))
    }

    @Test func aDataOnlyTransactionLetsTheChangePayTheFee() throws {
        let rate = try FeeRate(satoshis: 50, bytes: 1000)
        let builder = PaymentBuilder(network: .main, feeRate: rate)
        let plan = try builder.plan(
            outputs: [.data([Array("only data".utf8)]), .upload(Self.upload)], from: F.utxos([9_000, 5_000]),
            changeAddresses: F.changeAddresses(), lockTimeHeight: 900)
        #expect(plan.amountSatoshis == 0)
        #expect(plan.inputs.count == 1)
        #expect(plan.transaction.outputs.count == 3, "two data outputs and one change, never split")
        #expect(plan.transaction.outputs.prefix(2).allSatisfy { $0.satoshis == 0 && $0.lockingScript.isDataOutput })
        #expect(plan.changeSatoshis + plan.fee == plan.inputs[0].satoshis)
        #expect(plan.fee == rate.fee(forSize: plan.estimatedSize))
        let signed = try plan.signed(keys: F.keyLookup)
        try PaymentBuilderTests.verifyAll(signed)
    }

    @Test func theOldRecipientsAndDataFormIsTheSamePlan() throws {
        let recipients = [PaymentRecipient(address: F.foreign(1), satoshis: 10_000)]
        let old = try builder.plan(
            paying: recipients, data: [1, 2, 3], from: F.utxos([40_000]), changeAddresses: F.changeAddresses(),
            lockTimeHeight: 900)
        let new = try plan([.recipient(recipients[0]), .data([[1, 2, 3]])], utxos: [40_000])
        #expect(old == new)
    }

    @Test func refusals() throws {
        let one = PaymentOutput.recipient(PaymentRecipient(address: F.foreign(1), satoshis: 1_000))
        #expect(throws: PaymentError.noOutputs) { try plan([]) }
        #expect(throws: PaymentError.zeroAmount(index: 1)) { try plan([one, .script(Self.puzzle, satoshis: 0)]) }
        #expect(throws: PaymentError.zeroAmount(index: 0)) {
            try plan([.recipient(PaymentRecipient(address: F.foreign(1), satoshis: 0))])
        }
        // A push that runs past the end of the script (0x05 then two bytes).
        #expect(throws: PaymentError.unparsableScript(index: 1, .truncatedPush(offset: 1, needed: 5, available: 2))) {
            try plan([one, .script(Script(bytes: [0x76, 0x05, 0x01, 0x02]), satoshis: 5)])
        }
        #expect(throws: PaymentError.scriptIsDataOutput(index: 0)) {
            try plan([.script(Script(dataOutput: [[1]]), satoshis: 5)])
        }
        #expect(throws: PaymentError.emptyData) { try plan([one, .data([])]) }
        #expect(throws: PaymentError.emptyData) { try plan([.data([[1], []])]) }
        #expect(throws: PaymentError.emptyUpload(filename: "e.png")) {
            try plan([.upload(UploadFile(data: [], mediaType: MediaType("image/png")!, filename: "e.png"))])
        }
        #expect(throws: PaymentError.amountTooLarge(index: 1)) {
            try plan([one, .script(Self.puzzle, satoshis: Amount.maxMoney)])
        }
        // The 100 KB ceiling holds for uploads and data like for any output, before anything is signed.
        let big = UploadFile(data: Array(repeating: 1, count: 99_900), mediaType: MediaType("image/png")!, filename: "b.png")
        #expect(throws: PaymentError.selection(.exceedsSizeLimit(estimatedBytes: 100_170, limit: 100_000))) {
            try plan([.upload(big)], utxos: [1_000_000])
        }
        #expect {
            try plan([.data([Array(repeating: 2, count: 60_000), Array(repeating: 3, count: 40_000)])], utxos: [1_000_000])
        } throws: { error in
            guard case PaymentError.selection(.exceedsSizeLimit) = error else { return false }
            return true
        }
    }

    @Test func mediaTypesAreCheckedAndGuessedFromKnownExtensions() {
        #expect(MediaType("image/png")?.name == "image/png")
        #expect(MediaType("Image/SVG+XML")?.name == "image/svg+xml")
        for bad in ["image", "image/", "/png", "image/png; charset=x", "a/b/c", "te xt/plain", "imäge/png", ""] {
            #expect(MediaType(bad) == nil, "\(bad)")
        }
        #expect(MediaType(guessingFrom: "dot.PNG")?.name == "image/png")
        #expect(MediaType(guessingFrom: "photo.jpeg")?.name == "image/jpeg")
        #expect(MediaType(guessingFrom: "notes.txt")?.name == "text/plain")
        #expect(MediaType(guessingFrom: "archive.xyz") == nil)
        #expect(MediaType(guessingFrom: "README") == nil)
        #expect(MediaType(guessingFrom: ".png") == nil, "a dot file has no extension")
    }
}
