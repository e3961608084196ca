import HFCrypto
import HFPrimitives
import Testing

@testable import HFWallet

/// Sweeps go through the payments' size estimate, fee rule, dust limit and 100 KB ceiling, and the one signer, which
/// also holds uncompressed keys (issue 13).
@Suite struct SweepBuilderTests {
    typealias F = EngineFixtures

    /// An output paying the uncompressed-key address of `key`.
    static func uncompressedSource(_ key: PrivateKey, satoshis: UInt64, label: String) throws -> SweepBuilder.Source {
        let hash = Hash.hash160(key.publicKey.uncompressed)
        let address = try Address(hash160: hash, network: .main)
        return SweepBuilder.Source(
            outpoint: OutPoint(txid: F.txid(label), vout: 1), output: F.output(satoshis, to: address), compressed: false)
    }

    static func compressedSource(_ key: PrivateKey, satoshis: UInt64, label: String) -> SweepBuilder.Source {
        SweepBuilder.Source(
            outpoint: OutPoint(txid: F.txid(label), vout: 0),
            output: F.output(satoshis, to: Address(publicKey: key.publicKey, network: .main)), compressed: true)
    }

    @Test func theFeeIsTheEstimatedSizeAtTheRateAndTheRestArrives() throws {
        let paper = F.key(70_000)
        let sources = [
            Self.compressedSource(paper, satoshis: 20_000, label: "a"),
            try Self.uncompressedSource(F.key(70_001), satoshis: 5_000, label: "b"),
        ]
        let rate = try FeeRate(satoshis: 500, bytes: 1000)
        let plan = try SweepBuilder(network: .main, feeRate: rate).plan(
            sweeping: sources, to: F.address(3), lockTimeHeight: 887_100)
        // 8 + 1 + 2 × 148 + 1 + 34 = 340, plus 32 for the one uncompressed key: 372 bytes at 0.5 sat/byte = 186.
        #expect(plan.estimatedSize == 372)
        #expect(plan.fee == 186 && plan.total == 25_000 && plan.amount == 24_814)
        #expect(plan.unsigned.transaction.lockTime == 887_100)
        #expect(plan.unsigned.transaction.outputs.map(\.satoshis) == [24_814])
        #expect(plan.unsigned.transaction.outputs[0].lockingScript.p2pkhAddress(network: .main) == F.address(3).address)
    }

    @Test func compressedAndUncompressedInputsSignAndVerify() throws {
        let compressedKey = F.key(71_000)
        let uncompressedKey = F.key(71_001)
        let sources = [
            Self.compressedSource(compressedKey, satoshis: 9_000, label: "c"),
            try Self.uncompressedSource(uncompressedKey, satoshis: 8_000, label: "u"),
        ]
        let plan = try SweepBuilder(network: .main).plan(sweeping: sources, to: F.address(0), lockTimeHeight: 1)
        let signed = try TransactionSigner(keys: [compressedKey], uncompressedKeys: [uncompressedKey]).sign(plan.unsigned)
        let cache = SighashCache(transaction: signed.transaction)
        for index in sources.indices {
            #expect(P2PKHVerifier.isValid(input: index, of: cache, sourceOutput: sources[index].output), "input \(index)")
        }
        // The uncompressed input carries the 65-byte key its address hashes.
        #expect(signed.transaction.inputs[1].unlockingScript.bytes.suffix(65) == uncompressedKey.publicKey.uncompressed[...])
        // Without the uncompressed key the signer refuses that input, never signs with the wrong public key.
        #expect(throws: SigningError.self) { try TransactionSigner(keys: [compressedKey, uncompressedKey]).sign(plan.unsigned) }
    }

    @Test func everyRefusalHappensBeforeSigning() throws {
        let key = F.key(72_000)
        let builder = SweepBuilder(network: .main)
        #expect(throws: SweepError.nothingToSweep) { try builder.plan(sweeping: [], to: F.address(0), lockTimeHeight: 1) }
        #expect(throws: SweepError.belowDust(total: 546, fee: 1, dustLimit: 546)) {
            try builder.plan(sweeping: [Self.compressedSource(key, satoshis: 546, label: "d")], to: F.address(0),
                             lockTimeHeight: 1)
        }
        let many = (0..<700).map { Self.compressedSource(key, satoshis: 10_000, label: "m\($0)") }
        #expect(throws: SweepError.self, "700 inputs are over 100,000 bytes") {
            try builder.plan(sweeping: many, to: F.address(0), lockTimeHeight: 1)
        }
        let script = SweepBuilder.Source(
            outpoint: OutPoint(txid: F.txid("s"), vout: 0),
            output: try TransactionOutput(satoshis: 10_000, lockingScript: Script(bytes: [0x51])), compressed: true)
        #expect(throws: SweepError.notP2PKH(index: 0)) {
            try builder.plan(sweeping: [script], to: F.address(0), lockTimeHeight: 1)
        }
        #expect(throws: SweepError.wrongNetwork(address: F.address(0, network: .test).address.string, expected: .main)) {
            try builder.plan(sweeping: [Self.compressedSource(key, satoshis: 10_000, label: "n")],
                             to: F.address(0, network: .test), lockTimeHeight: 1)
        }
    }
}
