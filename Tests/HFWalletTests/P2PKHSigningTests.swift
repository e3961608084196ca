import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct P2PKHSigningTests {
    /// One input of forkid-p2pkh-sign.generated.json.
    struct GeneratedInput {
        let index: Int
        let key: PrivateKey
        let publicKeyHex: String
        let source: TransactionOutput
        let sighashHex: String
        let unlockingHex: String
    }

    /// The generated 2-input vector: the signed transaction, the same with empty unlocking scripts, and its inputs.
    static func generated() throws -> (signed: Transaction, unsigned: Transaction, inputs: [GeneratedInput])? {
        guard let file = try Fixtures.object("sighash/forkid-p2pkh-sign.generated.json") else { return nil }
        let signed = try Transaction(hex: try Fixtures.string(file, "rawTxHex"))
        #expect(signed.txid.displayHex == (try Fixtures.string(file, "txid")))
        var unsigned = signed
        for index in unsigned.inputs.indices { unsigned.inputs[index].unlockingScript = Script() }
        let rows = try #require(file["inputs"] as? [[String: Any]])
        let inputs = try rows.map { row in
            let sourceTxid = try Txid(displayHex: try Fixtures.string(row, "sourceTXID"))
            let index = try #require(row["inputIndex"] as? Int)
            let vout = UInt32(try #require(row["sourceOutputIndex"] as? Int))
            #expect(signed.inputs[index].previousOutput == OutPoint(txid: sourceTxid, vout: vout))
            return GeneratedInput(
                index: index, key: try Fixtures.privateKey(try Fixtures.string(row, "privateKeyHex")),
                publicKeyHex: try Fixtures.string(row, "publicKeyHex"),
                source: try TransactionOutput(
                    satoshis: UInt64(try #require(row["sourceSatoshis"] as? Int)),
                    lockingScript: try Script(hex: try Fixtures.string(row, "lockingScriptHex"))),
                sighashHex: try Fixtures.string(row, "sighashHex"),
                unlockingHex: try Fixtures.string(row, "unlockingScriptHex"))
        }
        return (signed, unsigned, inputs)
    }

    /// Input by input with one cache: sighash, RFC 6979 low-S signature and unlocking script, byte for byte.
    @Test func generatedVectorInputByInput() throws {
        guard let vector = try Self.generated() else { return }
        let cache = SighashCache(transaction: vector.unsigned)
        var transaction = vector.unsigned
        for input in vector.inputs {
            #expect(TestHex.encode(input.key.publicKey.compressed) == input.publicKeyHex)
            let digest = try cache.forkIDDigest(
                inputIndex: input.index, scriptCode: input.source.lockingScript, satoshis: input.source.satoshis,
                type: .allForkID)
            #expect(TestHex.encode(digest) == input.sighashHex)
            let script = try P2PKHSigner.unlockingScript(
                forInput: input.index, of: cache, sourceOutput: input.source, privateKey: input.key)
            #expect(script.hex == input.unlockingHex)
            transaction.inputs[input.index].unlockingScript = script
        }
        #expect(transaction == vector.signed)
        #expect(transaction.serialized == vector.signed.serialized)
    }

    /// The whole transaction through `TransactionSigner`, in both forms (plain and EF), and the one-input helper.
    @Test func generatedVectorWholeTransaction() throws {
        guard let vector = try Self.generated() else { return }
        let signer = TransactionSigner(keys: vector.inputs.map(\.key).reversed())
        let sources = vector.inputs.map(\.source)
        let signed = try signer.sign(vector.unsigned, sourceOutputs: sources)
        #expect(signed.hex == vector.signed.hex)
        let extended = try signer.sign(try ExtendedTransaction(transaction: vector.unsigned, sourceOutputs: sources))
        #expect(extended.transaction == vector.signed)
        var oneByOne = vector.unsigned
        for input in vector.inputs {
            oneByOne = try P2PKHSigner.sign(
                input: input.index, of: oneByOne, sourceOutput: input.source, privateKey: input.key)
        }
        #expect(oneByOne == vector.signed)
        let cache = SighashCache(transaction: signed)
        for input in vector.inputs {
            try P2PKHVerifier.verify(input: input.index, of: cache, sourceOutput: input.source)
        }
    }

    /// forkid-real-mainnet-p2pkh.json: the real mainnet spend verifies, and its txid is the one recorded.
    @Test func realMainnetSpendVerifies() throws {
        guard let file = try Fixtures.object("sighash/forkid-real-mainnet-p2pkh.json") else { return }
        let transaction = try Transaction(hex: try Fixtures.string(file, "rawTxHex"))
        #expect(transaction.txid.displayHex == (try Fixtures.string(file, "txid")))
        let source = try TransactionOutput(
            satoshis: UInt64(try #require(file["prevSatoshis"] as? Int)),
            lockingScript: try Script(hex: try Fixtures.string(file, "prevLockingScriptHex")))
        try P2PKHVerifier.verify(input: 0, of: transaction, sourceOutput: source)
        let unlocking = try #require(P2PKHUnlockingScript(script: transaction.inputs[0].unlockingScript))
        #expect(TestHex.encode(unlocking.publicKey) == (try Fixtures.string(file, "signerPublicKeyHex")))
        // One satoshi more or less is another digest.
        let wrongAmount = try TransactionOutput(satoshis: source.satoshis - 1, lockingScript: source.lockingScript)
        #expect(throws: P2PKHVerificationError.invalidSignature) {
            try P2PKHVerifier.verify(input: 0, of: transaction, sourceOutput: wrongAmount)
        }
    }

    /// Tampering with any part of a valid input makes the check fail with the matching reason.
    @Test func tamperedInputsFail() throws {
        guard let vector = try Self.generated() else { return }
        let input = vector.inputs[0]
        let good = P2PKHUnlockingScript(script: vector.signed.inputs[0].unlockingScript)!
        func check(_ unlocking: Script, source: TransactionOutput? = nil) throws(P2PKHVerificationError) {
            var transaction = vector.signed
            transaction.inputs[0].unlockingScript = unlocking
            try P2PKHVerifier.verify(input: 0, of: transaction, sourceOutput: source ?? input.source)
        }
        try check(good.script)

        var signature = good.signature
        signature[10] ^= 0x01  // a bit of r
        #expect(throws: P2PKHVerificationError.invalidSignature) {
            try check(P2PKHUnlockingScript(signature: signature, publicKey: good.publicKey).script)
        }
        var otherKey = good.publicKey
        otherKey[0] = otherKey[0] == 0x02 ? 0x03 : 0x02  // the negated point: valid, but another hash
        #expect(throws: P2PKHVerificationError.publicKeyHashMismatch) {
            try check(P2PKHUnlockingScript(signature: good.signature, publicKey: otherKey).script)
        }
        var notAPoint = good.publicKey
        notAPoint[0] = 0x05
        #expect(throws: P2PKHVerificationError.invalidPublicKey) {
            try check(P2PKHUnlockingScript(signature: good.signature, publicKey: notAPoint).script)
        }
        for (byte, error) in [
            (UInt8(0x01), P2PKHVerificationError.missingForkID(0x01)), (0x43, .invalidSignature),
            (0xc1, .invalidSignature), (0x40, .undefinedSighashType(0x40)), (0x44, .undefinedSighashType(0x44)),
            (0x61, .undefinedSighashType(0x61)),
        ] {
            let retyped = Array(good.signature.dropLast()) + [byte]
            #expect(throws: error) {
                try check(P2PKHUnlockingScript(signature: retyped, publicKey: good.publicKey).script)
            }
        }
        var notDER = good.signature
        notDER[0] = 0x31
        #expect(throws: P2PKHVerificationError.signatureNotStrictDER) {
            try check(P2PKHUnlockingScript(signature: notDER, publicKey: good.publicKey).script)
        }
        #expect(throws: P2PKHVerificationError.malformedUnlockingScript) { try check(Script()) }
        #expect(throws: P2PKHVerificationError.malformedUnlockingScript) {
            try check(Script(bytes: good.script.bytes + [0x51]))
        }
        let notP2PKH = try TransactionOutput(satoshis: input.source.satoshis, lockingScript: Script(bytes: [0x51]))
        #expect(throws: P2PKHVerificationError.notP2PKHLockingScript) { try check(good.script, source: notP2PKH) }
        #expect(throws: P2PKHVerificationError.inputIndexOutOfRange(index: 2, inputCount: 2)) {
            try P2PKHVerifier.verify(input: 2, of: vector.signed, sourceOutput: input.source)
        }
        #expect(
            !P2PKHVerifier.isValid(input: 1, of: SighashCache(transaction: vector.signed), sourceOutput: input.source))
    }

    /// The high-S twin of a valid signature (s ↦ n − s) verifies mathematically but is refused.
    @Test func highSRefused() throws {
        guard let vector = try Self.generated() else { return }
        let good = P2PKHUnlockingScript(script: vector.signed.inputs[0].unlockingScript)!
        let low = try ECDSASignature(derRepresentation: good.derSignature)
        let order: [UInt8] = try [UInt8](hex: "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
        let s = Array(low.compact[32...])
        var highS = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in (0..<32).reversed() {
            let difference = Int(order[index]) - Int(s[index]) - borrow
            highS[index] = UInt8((difference + 256) % 256)
            borrow = difference < 0 ? 1 : 0
        }
        let high = try ECDSASignature(compactRepresentation: Array(low.compact[..<32]) + highS)
        #expect(!high.isLowS)
        var transaction = vector.signed
        transaction.inputs[0].unlockingScript =
            P2PKHUnlockingScript(signature: high.derRepresentation + [0x41], publicKey: good.publicKey).script
        #expect(throws: P2PKHVerificationError.highS) {
            try P2PKHVerifier.verify(input: 0, of: transaction, sourceOutput: vector.inputs[0].source)
        }
    }

    @Test func signerRefusals() throws {
        guard let vector = try Self.generated() else { return }
        let sources = vector.inputs.map(\.source)
        let first = vector.inputs[0]
        let cache = SighashCache(transaction: vector.unsigned)
        #expect(throws: SigningError.keyDoesNotMatch(inputIndex: 0)) {
            try P2PKHSigner.unlockingScript(
                forInput: 0, of: cache, sourceOutput: first.source, privateKey: vector.inputs[1].key)
        }
        #expect(throws: SigningError.inputIndexOutOfRange(index: 5, inputCount: 2)) {
            try P2PKHSigner.sign(input: 5, of: vector.unsigned, sourceOutput: first.source, privateKey: first.key)
        }
        #expect(throws: SigningError.unsupportedSighashType(SighashType(.all, forkID: false))) {
            try P2PKHSigner.unlockingScript(
                forInput: 0, of: cache, sourceOutput: first.source, privateKey: first.key,
                sighashType: SighashType(.all, forkID: false))
        }
        #expect(throws: SigningError.missingKey(inputIndex: 1)) {
            try TransactionSigner(keys: [first.key]).sign(vector.unsigned, sourceOutputs: sources)
        }
        #expect(throws: SigningError.sourceOutputCountMismatch(inputs: 2, sourceOutputs: 1)) {
            try TransactionSigner(keys: [first.key]).sign(vector.unsigned, sourceOutputs: [first.source])
        }
        let bare = try TransactionOutput(satoshis: 1, lockingScript: Script(dataOutput: [[1]]))
        #expect(throws: SigningError.notP2PKH(inputIndex: 1)) {
            try TransactionSigner(keys: [first.key]).sign(vector.unsigned, sourceOutputs: [first.source, bare])
        }
    }

    /// Other standard FORKID types sign and verify too (the verifier hashes with the byte it finds).
    @Test func otherStandardTypesRoundTrip() throws {
        guard let vector = try Self.generated() else { return }
        let signer = TransactionSigner(keys: vector.inputs.map(\.key))
        let sources = vector.inputs.map(\.source)
        for type in [SighashType(.none), SighashType(.single), SighashType(.all, anyoneCanPay: true)] {
            let signed = try signer.sign(vector.unsigned, sourceOutputs: sources, sighashType: type)
            let cache = SighashCache(transaction: signed)
            for index in sources.indices {
                #expect(P2PKHVerifier.isValid(input: index, of: cache, sourceOutput: sources[index]), "\(type)")
            }
        }
    }

    /// Many inputs over several keys: each input finds its key by the locking script's hash and verifies.
    @Test func manyInputsSeveralKeys() throws {
        let keys = try (1...3).map { try PrivateKey(rawRepresentation: Hash.sha256([UInt8($0)])) }
        let scripts = keys.map { Script(p2pkhPaying: Address(publicKey: $0.publicKey, network: .test)) }
        let sources = try (0..<40).map {
            try TransactionOutput(satoshis: UInt64(500 + $0), lockingScript: scripts[$0 % 3])
        }
        let inputs = try (0..<40).map { index in
            TransactionInput(
                previousOutput: OutPoint(txid: try Txid(internalBytes: Hash.sha256([0xee, UInt8(index)])), vout: 1))
        }
        let outputs = [try TransactionOutput(satoshis: 10_000, lockingScript: scripts[0])]
        let unsigned = Transaction(inputs: inputs, outputs: outputs, lockTime: 100)
        let signed = try TransactionSigner(keys: keys + keys).sign(unsigned, sourceOutputs: sources)
        #expect(signed.inputs.map(\.previousOutput) == unsigned.inputs.map(\.previousOutput))
        let cache = SighashCache(transaction: signed)
        for index in sources.indices {
            try P2PKHVerifier.verify(input: index, of: cache, sourceOutput: sources[index])
            let unlocking = try #require(P2PKHUnlockingScript(script: signed.inputs[index].unlockingScript))
            #expect(unlocking.publicKey == keys[index % 3].publicKey.compressed && unlocking.sighashByte == 0x41)
        }
        // Signing twice gives the same bytes (RFC 6979), and re-signing a signed transaction replaces the scripts.
        #expect(try TransactionSigner(keys: keys).sign(signed, sourceOutputs: sources) == signed)
    }
}
