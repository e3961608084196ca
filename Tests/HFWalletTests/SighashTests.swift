import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct SighashTests {
    /// bitcoin-sv `src/test/data/sighash.json`: every one of the 1000 rows, both columns.
    ///
    /// Row: `[rawTx, scriptCode, inputIndex, hashType (int32), regular digest, original digest]`, digests in
    /// reversed (GetHex) order, amount 0. "Regular" is the node with FORKID enabled: the FORKID digest when FORKID is
    /// set and CHRONICLE is not, else the original digest. "Original" is the original digest for every type.
    @Test func bitcoinSVNodeVectors() throws {
        guard let raw = try Vectors.json("sighash/bitcoin-sv.sighash.json") else { return }
        let rows = try #require(raw as? [[Any]]).dropFirst()
        #expect(rows.count == 1000)
        var forkIDRows = 0
        for (number, row) in rows.enumerated() {
            let transaction = try Transaction(hex: try #require(row[0] as? String))
            let scriptCode = try Script(hex: try #require(row[1] as? String))
            let inputIndex = try #require(row[2] as? Int)
            let type = SighashType(rawValue: UInt32(truncatingIfNeeded: try #require(row[3] as? Int)))
            let cache = SighashCache(transaction: transaction)
            let regular = try cache.digest(inputIndex: inputIndex, scriptCode: scriptCode, satoshis: 0, type: type)
            let original = try cache.legacyDigest(inputIndex: inputIndex, scriptCode: scriptCode, type: type)
            #expect(TestHex.encode(regular.reversed()) == row[4] as? String, "row \(number + 1) regular, \(type)")
            #expect(TestHex.encode(original.reversed()) == row[5] as? String, "row \(number + 1) original, \(type)")
            if type.usesForkIDDigest { forkIDRows += 1 }
        }
        #expect(forkIDRows == 254)
    }

    /// forkid-real-mainnet-p2pkh.json: the preimage and sighash of a real mainnet spend (natural order).
    @Test func realMainnetPreimage() throws {
        guard let file = try Fixtures.object("sighash/forkid-real-mainnet-p2pkh.json") else { return }
        let transaction = try Transaction(hex: try Fixtures.string(file, "rawTxHex"))
        let cache = SighashCache(transaction: transaction)
        let script = try Script(hex: try Fixtures.string(file, "prevLockingScriptHex"))
        let satoshis = UInt64(try #require(file["prevSatoshis"] as? Int))
        let type = SighashType(rawValue: UInt32(try #require(file["sighashType"] as? Int)))
        #expect(type == .allForkID)
        let preimage = try cache.forkIDPreimage(inputIndex: 0, scriptCode: script, satoshis: satoshis, type: type)
        #expect(TestHex.encode(preimage) == (try Fixtures.string(file, "preimageHex")))
        let digest = try cache.digest(inputIndex: 0, scriptCode: script, satoshis: satoshis, type: type)
        #expect(TestHex.encode(digest) == (try Fixtures.string(file, "sighashHex")))
    }

    /// forkid-p2pkh-sign.generated.json: both inputs' preimages and sighashes, from one cache.
    @Test func generatedTwoInputPreimages() throws {
        guard let file = try Fixtures.object("sighash/forkid-p2pkh-sign.generated.json") else { return }
        let transaction = try Transaction(hex: try Fixtures.string(file, "rawTxHex"))
        let cache = SighashCache(transaction: transaction)
        let inputs = try #require(file["inputs"] as? [[String: Any]])
        #expect(inputs.count == 2)
        for row in inputs {
            let index = try #require(row["inputIndex"] as? Int)
            let script = try Script(hex: try Fixtures.string(row, "lockingScriptHex"))
            let satoshis = UInt64(try #require(row["sourceSatoshis"] as? Int))
            let preimage = try cache.forkIDPreimage(
                inputIndex: index, scriptCode: script, satoshis: satoshis, type: .allForkID)
            let expected = try Fixtures.string(row, "preimageHex")
            #expect(TestHex.encode(preimage) == expected)
            // The midstates sit at fixed offsets of every preimage.
            #expect(TestHex.encode(cache.hashPrevouts) == String(expected.dropFirst(8).prefix(64)))
            #expect(TestHex.encode(cache.hashSequence) == String(expected.dropFirst(72).prefix(64)))
            let digest = try cache.forkIDDigest(
                inputIndex: index, scriptCode: script, satoshis: satoshis, type: .allForkID)
            #expect(TestHex.encode(digest) == (try Fixtures.string(row, "sighashHex")))
        }
    }

    /// The midstates are the hashes BIP143 defines, independent of the input being signed.
    @Test func midstatesMatchDefinition() throws {
        let transaction = try Self.sampleTransaction(inputs: 3, outputs: 2)
        let cache = SighashCache(transaction: transaction)
        let prevouts = transaction.inputs.flatMap(\.previousOutput.serialized)
        let sequences = transaction.inputs.flatMap { input in
            withUnsafeBytes(of: input.sequence.littleEndian, Array.init)
        }
        #expect(cache.hashPrevouts == Hash.hash256(prevouts))
        #expect(cache.hashSequence == Hash.hash256(sequences))
        #expect(cache.hashOutputs == Hash.hash256(transaction.outputs.flatMap(\.serialized)))
    }

    /// ANYONECANPAY, NONE and SINGLE zero the midstates as BIP143 says; SINGLE hashes only its own output.
    @Test func forkIDFlagsSelectMidstates() throws {
        let transaction = try Self.sampleTransaction(inputs: 3, outputs: 2)
        let cache = SighashCache(transaction: transaction)
        let script = Script(bytes: [0x51])
        func parts(_ index: Int, _ type: SighashType) throws -> (prevouts: [UInt8], sequence: [UInt8], outputs: [UInt8])
        {
            let preimage = try cache.forkIDPreimage(inputIndex: index, scriptCode: script, satoshis: 7, type: type)
            let outputsStart = 4 + 32 + 32 + 36 + 2 + 8 + 4
            return (
                Array(preimage[4..<36]), Array(preimage[36..<68]), Array(preimage[outputsStart..<(outputsStart + 32)])
            )
        }
        let zero = [UInt8](repeating: 0, count: 32)
        let all = try parts(1, .allForkID)
        #expect(all.prevouts == cache.hashPrevouts && all.sequence == cache.hashSequence)
        #expect(all.outputs == cache.hashOutputs)
        let anyone = try parts(1, SighashType(.all, anyoneCanPay: true))
        #expect(anyone.prevouts == zero && anyone.sequence == zero && anyone.outputs == cache.hashOutputs)
        let none = try parts(1, SighashType(.none))
        #expect(none.prevouts == cache.hashPrevouts && none.sequence == zero && none.outputs == zero)
        let single = try parts(1, SighashType(.single))
        #expect(single.sequence == zero && single.outputs == Hash.hash256(transaction.outputs[1].serialized))
        let singleOutOfRange = try parts(2, SighashType(.single))
        #expect(singleOutOfRange.outputs == zero)
    }

    /// The original digest's SIGHASH_SINGLE bug: no output at the input's index gives the value 1.
    @Test func legacySingleBugValueOne() throws {
        let transaction = try Self.sampleTransaction(inputs: 3, outputs: 2)
        let cache = SighashCache(transaction: transaction)
        let one = [1] + [UInt8](repeating: 0, count: 31)
        let type = SighashType(.single, forkID: false)
        #expect(try cache.legacyDigest(inputIndex: 2, scriptCode: Script(), type: type) == one)
        #expect(try cache.digest(inputIndex: 2, scriptCode: Script(), satoshis: 0, type: type) == one)
        #expect(try cache.legacyDigest(inputIndex: 1, scriptCode: Script(), type: type) != one)
    }

    @Test func inputIndexOutOfRange() throws {
        let cache = SighashCache(transaction: try Self.sampleTransaction(inputs: 2, outputs: 1))
        let error = SigningError.inputIndexOutOfRange(index: 2, inputCount: 2)
        #expect(throws: error) {
            try cache.forkIDDigest(inputIndex: 2, scriptCode: Script(), satoshis: 0, type: .allForkID)
        }
        #expect(throws: error) { try cache.legacyDigest(inputIndex: 2, scriptCode: Script(), type: .allForkID) }
        #expect(throws: SigningError.inputIndexOutOfRange(index: -1, inputCount: 2)) {
            try cache.digest(inputIndex: -1, scriptCode: Script(), satoshis: 0, type: .allForkID)
        }
    }

    @Test func sighashTypeParts() {
        #expect(SighashType.allForkID.rawValue == 0x41)
        #expect(SighashType.allForkID.byte == 0x41)
        #expect(SighashType(.single, anyoneCanPay: true).rawValue == 0xc3)
        #expect(SighashType(.none, forkID: false).rawValue == 0x02)
        #expect(SighashType.allForkID.isStandardForkID && SighashType.allForkID.usesForkIDDigest)
        #expect(SighashType(rawValue: 0x61).hasChronicle && !SighashType(rawValue: 0x61).usesForkIDDigest)
        #expect(!SighashType(rawValue: 0x61).isStandardForkID)
        #expect(!SighashType(rawValue: 0x01).isStandardForkID)
        #expect(!SighashType(rawValue: 0x44).isStandardForkID && SighashType(rawValue: 0x44).base == nil)
        #expect(!SighashType(rawValue: 0x141).isStandardForkID)
        #expect(SighashType(rawValue: 0xc2).base == SighashBase.none)
        #expect(SighashType.allForkID.description == "0x41 (ALL|FORKID)")
    }

    /// A transaction with distinct outpoints, sequences and outputs, for structural checks.
    static func sampleTransaction(inputs: Int, outputs: Int) throws -> Transaction {
        let txInputs = try (0..<inputs).map { index in
            TransactionInput(
                previousOutput: OutPoint(
                    txid: try Txid(internalBytes: Hash.sha256([UInt8(index)])), vout: UInt32(index * 3)),
                sequence: UInt32(0xffff_fff0 + index))
        }
        let txOutputs = try (0..<outputs).map { index in
            try TransactionOutput(satoshis: UInt64(1000 + index), lockingScript: Script(bytes: [0x51, UInt8(index)]))
        }
        return Transaction(version: 2, inputs: txInputs, outputs: txOutputs, lockTime: 887_000)
    }
}
