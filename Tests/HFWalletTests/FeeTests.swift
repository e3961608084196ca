import HFPrimitives
import Testing

@testable import HFWallet

@Suite struct FeeTests {
    @Test func standardRateIsOneSatoshiPerThousandBytes() {
        #expect(FeeRate.standard.satoshis == 1 && FeeRate.standard.bytes == 1000)
        #expect(FeeRate.standard.description == "1 sat/1000 B")
    }

    @Test(arguments: [(0, 0), (1, 1), (226, 1), (1000, 1), (1001, 2), (2000, 2), (2001, 3), (100_000, 100)])
    func feeRoundsUp(size: Int, fee: UInt64) {
        #expect(FeeRate.standard.fee(forSize: size) == fee)
    }

    @Test func otherRates() throws {
        let half = try FeeRate(satoshis: 50, bytes: 100)
        #expect(half.fee(forSize: 1) == 1)
        #expect(half.fee(forSize: 3) == 2)
        #expect(half.fee(forSize: 226) == 113)
        let zero = try FeeRate(satoshis: 0, bytes: 1000)
        #expect(zero.fee(forSize: 100_000) == 0)
        let huge = try FeeRate(satoshis: .max, bytes: 1)
        #expect(huge.fee(forSize: 2) == .max)
        #expect(try FeeRate(satoshis: .max, bytes: .max).fee(forSize: 1) == 1)
        #expect(FeeRate.standard.fee(forSize: -5) == 0)
    }

    @Test func zeroBytesIsRefused() {
        #expect(throws: FeeRateError.zeroBytes) { try FeeRate(satoshis: 1, bytes: 0) }
        #expect(FeeRateError.zeroBytes.description.contains("at least 1 byte"))
    }

    @Test func feeIsNeverBelowTheRate() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let rate = try FeeRate(
                satoshis: UInt64.random(in: 0...5_000, using: &generator),
                bytes: UInt64.random(in: 1...5_000, using: &generator))
            let size = Int.random(in: 1...200_000, using: &generator)
            let fee = rate.fee(forSize: size)
            // fee × bytes ≥ size × satoshis, and less than one satoshi more.
            #expect(fee * rate.bytes >= UInt64(size) * rate.satoshis)
            #expect(fee == 0 || (fee - 1) * rate.bytes < UInt64(size) * rate.satoshis)
            #expect(rate.satoshis == 0 || fee >= 1)
        }
    }

    @Test func sizeConstants() {
        #expect(TransactionSize.p2pkhInput == 148)
        #expect(TransactionSize.p2pkhOutput == 34)
        #expect(TransactionSize.maxP2PKHSignaturePush == 72)
        #expect(TransactionSize.output(scriptLength: 25) == 34)
        #expect(TransactionSize.output(scriptLength: 253) == 8 + 3 + 253)
        // The classic 1-in/2-out P2PKH transaction: 10 + 148 + 68 = 226 bytes.
        #expect(TransactionSize.estimate(p2pkhInputs: 1, outputCount: 2, outputBytes: 68) == 226)
        #expect(
            TransactionSize.estimate(p2pkhInputs: 253, outputCount: 1, outputBytes: 34) == 8 + 3 + 253 * 148 + 1 + 34)
    }

    @Test func estimateMatchesTheSerializedSizeOfOutputs() {
        let outputs = [
            EngineFixtures.output(5, to: EngineFixtures.foreign()),
            TransactionOutput(amount: .zero, lockingScript: Script(dataOutput: [Array(repeating: 0xab, count: 300)])),
        ]
        let unsignedSize = Transaction(
            inputs: [TransactionInput(previousOutput: OutPoint(txid: EngineFixtures.txid("a"), vout: 0))],
            outputs: outputs
        ).size
        // The unsigned input has a 0-byte script (41 bytes); signing adds at most 107 script bytes.
        #expect(TransactionSize.estimate(p2pkhInputs: 1, outputs: outputs) == unsignedSize + 107)
    }

    @Test func dustRules() throws {
        #expect(DustLimit.threshold == 546)
        #expect(DustLimit.isDust(545) && !DustLimit.isDust(546))
        #expect(DustLimit.isUneconomic(1, at: .standard) && !DustLimit.isUneconomic(2, at: .standard))
        let dear = try FeeRate(satoshis: 1, bytes: 1)
        #expect(DustLimit.isUneconomic(148, at: dear) && !DustLimit.isUneconomic(149, at: dear))
    }
}
