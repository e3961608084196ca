import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

/// The extended format of the BRC-62 example's child transaction, as go-sdk's `TestEF` expects it
/// (bsv-blockchain/go-sdk `transaction/transaction_test.go`).
private let brc62ChildEFHex =
    "010000000000000000ef01ac4e164f5bc16746bb0868404292ac8318bbac3800e4aad13a014da427adce3e000000006a47304402203a61a2"
    + "e931612b4bda08d541cfb980885173b8dcf64a3471238ae7abcd368d6402204cbf24f04b9aa2256d8901f0ed97866603d2be8324c2bfb7"
    + "a37bf8fc90edd5b441210263e2dee22b1ddc5e11f6fab8bcd2378bdd19580d640501ea956ec0e786f93e76ffffffff3e6600000000000019"
    + "76a9146bfd5c7fbe21529d45803dbcf0c87dd3c71efbc288ac013c660000000000001976a9146bfd5c7fbe21529d45803dbcf0c87dd3c71e"
    + "fbc288ac00000000"

@Suite struct TransactionTests {
    /// chain/blocks/transactions.json: 12 real mainnet transactions (coinbases, P2PK and P2PKH spends, 2010–2021).
    static func realTransactions() throws -> [(txid: String, bytes: [UInt8])]? {
        guard let raw = try Vectors.json("chain/blocks/transactions.json") else { return nil }
        let file = try #require(raw as? [String: Any])
        let rows = try #require(file["transactions"] as? [[String: Any]])
        return try rows.map { row in
            (try #require(row["txid"] as? String), TestHex.decode(try #require(row["hex"] as? String)))
        }
    }

    /// Satoshi's payment to Hal Finney (block 170): 1 input, 2 outputs.
    static func block170Spend() throws -> [UInt8]? {
        try realTransactions()?.first { $0.txid.hasPrefix("f4184fc5") }?.bytes
    }

    @Test func realTransactionsRoundTrip() throws {
        guard let transactions = try Self.realTransactions() else { return }
        #expect(transactions.count == 12)
        for (txid, bytes) in transactions {
            let transaction = try Transaction(bytes: bytes)
            #expect(transaction.serialized == bytes, "\(txid)")
            #expect(transaction.txid.displayHex == txid)
            #expect(transaction.size == bytes.count)
            #expect(try Transaction(hex: TestHex.encode(bytes).uppercased()) == transaction)
            #expect(transaction.hex == TestHex.encode(bytes))
        }
    }

    @Test func block170Fields() throws {
        guard let bytes = try Self.block170Spend() else { return }
        let transaction = try Transaction(bytes: bytes)
        #expect(transaction.version == 1 && transaction.lockTime == 0)
        #expect(transaction.inputs.count == 1 && transaction.outputs.count == 2)
        let input = transaction.inputs[0]
        #expect(
            input.previousOutput.description == "0437cd7f8525ceed2324359c2d0ba26006d92d856a9c20fa0241106ee5a597c9:0")
        #expect(input.sequence == TransactionInput.finalSequence)
        #expect(input.unlockingScript.count == 0x48)
        #expect(transaction.outputs.map(\.satoshis) == [1_000_000_000, 4_000_000_000])
        #expect(transaction.outputs[0].amount.bsvString == "10.00000000")
        #expect(transaction.totalOutputSatoshis == 5_000_000_000)
        // Rebuilt from its parts, it serializes to the same bytes.
        let rebuilt = Transaction(
            version: 1,
            inputs: [TransactionInput(previousOutput: input.previousOutput, unlockingScript: input.unlockingScript)],
            outputs: try transaction.outputs.map {
                try TransactionOutput(satoshis: $0.satoshis, lockingScript: $0.lockingScript)
            })
        #expect(rebuilt.serialized == bytes)
    }

    /// The 1000 random transactions of the node's sighash vectors (odd versions, scripts and sequences).
    @Test func nodeVectorTransactionsRoundTrip() throws {
        guard let raw = try Vectors.json("sighash/bitcoin-sv.sighash.json") else { return }
        let rows = try #require(raw as? [[Any]]).dropFirst()
        for row in rows {
            let bytes = TestHex.decode(try #require(row[0] as? String))
            let transaction = try Transaction(bytes: bytes)
            #expect(transaction.serialized == bytes)
            #expect(transaction.size == bytes.count)
        }
    }

    /// The extended format: the BRC-62 example's child with its parent's output, byte for byte as go-sdk writes it.
    @Test func extendedFormatRoundTrip() throws {
        guard let raw = try Vectors.json("beef/brc62-example.json") else { return }
        let file = try #require(raw as? [String: Any])
        let beef = TestHex.decode(try #require(file["beefV1Hex"] as? String))
        // The BEEF ends with: parent (192 bytes) ‖ 01 00 (has BUMP 0) ‖ child (191 bytes) ‖ 00 (no BUMP).
        let child = try Transaction(bytes: Array(beef[(beef.count - 192)..<(beef.count - 1)]))
        let parent = try Transaction(bytes: Array(beef[(beef.count - 386)..<(beef.count - 194)]))
        #expect(child.txid.displayHex == "157428aee67d11123203735e4c540fa1bdab3b36d5882c6f8c5ff79f07d20d1c")
        #expect(parent.txid == child.inputs[0].previousOutput.txid)
        let source = parent.outputs[Int(child.inputs[0].previousOutput.vout)]
        let extended = try ExtendedTransaction(transaction: child, sourceOutputs: [source])
        #expect(extended.hex == brc62ChildEFHex)
        let decoded = try ExtendedTransaction(hex: brc62ChildEFHex)
        #expect(decoded == extended)
        #expect(decoded.transaction.txid == child.txid)
        #expect(decoded.serialized == TestHex.decode(brc62ChildEFHex))
        #expect(decoded.totalInputSatoshis == 26_174 && decoded.fee == 2)
        // Each decoder refuses the other's format.
        #expect(throws: TransactionError.extendedFormat) { try Transaction(hex: brc62ChildEFHex) }
        #expect(throws: TransactionError.notExtendedFormat) { try ExtendedTransaction(bytes: child.serialized) }
        #expect(throws: TransactionError.sourceOutputCountMismatch(inputs: 1, sourceOutputs: 0)) {
            try ExtendedTransaction(transaction: child, sourceOutputs: [])
        }
        // Truncated anywhere, it fails cleanly.
        let bytes = extended.serialized
        for length in 0..<bytes.count {
            #expect(throws: TransactionError.self) { try ExtendedTransaction(bytes: Array(bytes[..<length])) }
        }
        #expect(throws: TransactionError.trailingBytes(1)) { try ExtendedTransaction(bytes: bytes + [0]) }
    }

    @Test func extendedFormatSourceValueBounded() throws {
        // EF with one input whose source output claims more than 21 million BSV.
        var bytes = TestHex.decode(brc62ChildEFHex)
        let valueOffset = 4 + 6 + 1 + 36 + 1 + 0x6a + 4
        #expect(bytes[valueOffset] == 0x3e)
        bytes.replaceSubrange(valueOffset..<(valueOffset + 8), with: [0x01, 0x40, 0x07, 0x5a, 0xf0, 0x75, 0x07, 0x00])
        #expect(throws: TransactionError.satoshisAboveMaximum(.input(0), satoshis: 2_100_000_000_000_001)) {
            try ExtendedTransaction(bytes: bytes)
        }
    }

    @Test func everyTruncationIsRejected() throws {
        guard let bytes = try Self.block170Spend() else { return }
        for length in 0..<bytes.count {
            #expect(throws: TransactionError.self) { try Transaction(bytes: Array(bytes[..<length])) }
        }
        #expect(throws: TransactionError.truncated(.version)) { try Transaction(bytes: [1, 0, 0]) }
        #expect(throws: TransactionError.truncated(.inputCount)) { try Transaction(bytes: [1, 0, 0, 0]) }
        #expect(throws: TransactionError.truncated(.lockTime)) { try Transaction(bytes: Array(bytes.dropLast())) }
        #expect(throws: TransactionError.truncated(.input(0))) { try Transaction(bytes: Array(bytes[..<116])) }
    }

    @Test func trailingBytesRejected() throws {
        guard let bytes = try Self.block170Spend() else { return }
        #expect(throws: TransactionError.trailingBytes(1)) { try Transaction(bytes: bytes + [0]) }
        #expect(throws: TransactionError.trailingBytes(3)) { try Transaction(bytes: bytes + [1, 2, 3]) }
    }

    @Test func countsBoundedByRemainingBytes() throws {
        guard let bytes = try Self.block170Spend() else { return }
        let version = Array(bytes[..<4])
        let maxCount: [UInt8] = [0xff] + [UInt8](repeating: 0xff, count: 8)
        #expect(throws: TransactionError.countExceedsData(.inputCount, count: .max)) {
            try Transaction(bytes: version + maxCount + Array(bytes[5...]))
        }
        // 271 bytes follow the count: room for 6 inputs of 41 bytes, not 7.
        #expect(throws: TransactionError.countExceedsData(.inputCount, count: 7)) {
            try Transaction(bytes: version + [7] + Array(bytes[5...]))
        }
        // The output count sits after the single 113-byte input.
        let outputCountOffset = 5 + 36 + 1 + 0x48 + 4
        #expect(bytes[outputCountOffset] == 2)
        var huge = bytes
        huge.replaceSubrange(outputCountOffset...outputCountOffset, with: [0xfe, 0xff, 0xff, 0xff, 0xff])
        #expect(throws: TransactionError.countExceedsData(.outputCount, count: 0xffff_ffff)) {
            try Transaction(bytes: huge)
        }
        var nonCanonical = bytes
        nonCanonical.replaceSubrange(4...4, with: [0xfd, 0x01, 0x00])
        #expect(throws: TransactionError.nonCanonicalCompactSize(.inputCount)) { try Transaction(bytes: nonCanonical) }
    }

    @Test func scriptLengthsBounded() throws {
        guard let bytes = try Self.block170Spend() else { return }
        var oversized = bytes
        oversized.replaceSubrange(41...41, with: [0xfd, 0xff, 0xff])
        #expect(throws: TransactionError.scriptLengthExceedsData(.input(0), length: 0xffff)) {
            try Transaction(bytes: oversized)
        }
        var huge = bytes
        huge.replaceSubrange(41...41, with: [0xff] + [UInt8](repeating: 0xff, count: 8))
        #expect(throws: TransactionError.scriptLengthExceedsData(.input(0), length: .max)) {
            try Transaction(bytes: huge)
        }
        // Output 1's script length (0x43) raised past the end.
        let outputScriptOffset = 5 + 113 + 1 + (8 + 1 + 0x43) + 8
        #expect(bytes[outputScriptOffset] == 0x43)
        var output = bytes
        output[outputScriptOffset] = 0x48
        #expect(throws: TransactionError.scriptLengthExceedsData(.output(1), length: 0x48)) {
            try Transaction(bytes: output)
        }
    }

    @Test func satoshisBounded() throws {
        let input = TransactionInput(previousOutput: OutPoint(txid: try Txid(internalBytes: Hash.sha256([1])), vout: 0))
        let atMax = try TransactionOutput(satoshis: Amount.maxMoney, lockingScript: Script(bytes: [0x51]))
        let transaction = Transaction(inputs: [input], outputs: [atMax])
        #expect(try Transaction(bytes: transaction.serialized) == transaction)
        var over = transaction.serialized
        let valueOffset = 4 + 1 + 41 + 1
        over.replaceSubrange(
            valueOffset..<(valueOffset + 8), with: withUnsafeBytes(of: (Amount.maxMoney + 1).littleEndian, Array.init))
        #expect(throws: TransactionError.satoshisAboveMaximum(.output(0), satoshis: Amount.maxMoney + 1)) {
            try Transaction(bytes: over)
        }
        #expect(throws: AmountError.exceedsMaxMoney) {
            try TransactionOutput(satoshis: Amount.maxMoney + 1, lockingScript: Script())
        }
    }

    @Test func emptyInputsOrOutputsRejected() throws {
        #expect(throws: TransactionError.noInputs) {
            try Transaction(bytes: [1, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 13))
        }
        let input = TransactionInput(previousOutput: OutPoint(txid: try Txid(internalBytes: Hash.sha256([2])), vout: 1))
        let noOutputs = Transaction(inputs: [input], outputs: [])
        #expect(throws: TransactionError.noOutputs) { try Transaction(bytes: noOutputs.serialized) }
    }

    @Test func sizeLimits() throws {
        let tooBig = [UInt8](repeating: 0, count: Transaction.maxSize + 1)
        #expect(throws: TransactionError.tooLarge(byteCount: Transaction.maxSize + 1)) {
            try Transaction(bytes: tooBig)
        }
        let hex = String(repeating: "00", count: Transaction.maxSize + 1)
        #expect(throws: TransactionError.tooLarge(byteCount: Transaction.maxSize + 1)) { try Transaction(hex: hex) }
        #expect(throws: TransactionError.invalidHex(.oddLength(3))) { try Transaction(hex: "010") }
        #expect(throws: TransactionError.invalidHex(.invalidCharacter(offset: 1))) { try Transaction(hex: "0x") }
    }

    @Test func errorsAreSentences() {
        #expect(TransactionError.truncated(.input(3)).description == "the transaction ends early, in input 3")
        #expect(
            TransactionError.countExceedsData(.outputCount, count: 9).description
                == "the output count of the transaction is 9, more than the remaining bytes can hold")
        #expect(TransactionError.noInputs.description == "the transaction has no inputs")
    }
}
