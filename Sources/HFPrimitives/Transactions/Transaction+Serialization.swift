// The plain (node) wire format of a transaction.

extension Transaction {
    /// Decodes a serialized transaction strictly.
    ///
    /// Rules: at most `maxSize` bytes; canonical VarInts; at least one input and one output; each count no more
    /// than the remaining bytes could hold (41 bytes per input, 9 per output) and each script length no more than
    /// the remaining bytes, checked before anything is allocated; every value at most `Amount.maxMoney`; nothing
    /// after the lock time. Bytes in the extended format are refused with `.extendedFormat`.
    /// - Throws: `TransactionError` naming the problem and the part where it was found.
    public init(bytes: [UInt8]) throws(TransactionError) {
        guard bytes.count <= Self.maxSize else { throw .tooLarge(byteCount: bytes.count) }
        var decoder = TransactionDecoder(bytes)
        let version = try decoder.readVersion()
        if decoder.peek(is: ExtendedTransaction.marker) { throw .extendedFormat }
        let inputCount = try decoder.readCount(.inputCount, minItemSize: TransactionInput.minByteCount)
        guard inputCount > 0 else { throw .noInputs }
        var inputs: [TransactionInput] = []
        inputs.reserveCapacity(inputCount)
        for index in 0..<inputCount { inputs.append(try decoder.readInput(index: index)) }
        let outputs = try Self.readOutputs(&decoder)
        let lockTime = try decoder.readLockTimeAndFinish()
        self.init(version: version, inputs: inputs, outputs: outputs, lockTime: lockTime)
    }

    /// Decodes hex text (either case) of a serialized transaction.
    /// - Throws: `TransactionError.invalidHex`, then as `init(bytes:)`.
    public init(hex: String) throws(TransactionError) {
        try self.init(bytes: try Self.decodeHex(hex, maxBytes: Self.maxSize))
    }

    /// The serialized transaction (the bytes whose hash256 is the txid).
    public var serialized: [UInt8] {
        var writer = ByteWriter(capacity: size)
        writer.appendInt32LE(version)
        writer.appendCompactSize(UInt64(inputs.count))
        for input in inputs { input.append(to: &writer) }
        appendOutputsAndLockTime(to: &writer)
        return writer.bytes
    }

    /// The serialized transaction as lower-case hex.
    public var hex: String { Hex.encode(serialized) }

    /// Appends the output count, the outputs and the lock time.
    func appendOutputsAndLockTime(to writer: inout ByteWriter) {
        writer.appendCompactSize(UInt64(outputs.count))
        for output in outputs { output.append(to: &writer) }
        writer.appendUInt32LE(lockTime)
    }

    /// Reads the output count and at least one output.
    static func readOutputs(_ decoder: inout TransactionDecoder) throws(TransactionError) -> [TransactionOutput] {
        let outputCount = try decoder.readCount(.outputCount, minItemSize: TransactionOutput.minByteCount)
        guard outputCount > 0 else { throw .noOutputs }
        var outputs: [TransactionOutput] = []
        outputs.reserveCapacity(outputCount)
        for index in 0..<outputCount { outputs.append(try decoder.readOutput(.output(index))) }
        return outputs
    }

    /// Decodes hex of at most `maxBytes` bytes, checking the length before decoding.
    static func decodeHex(_ hex: String, maxBytes: Int) throws(TransactionError) -> [UInt8] {
        let length = hex.utf8.count
        guard length / 2 <= maxBytes else { throw .tooLarge(byteCount: length / 2) }
        do {
            return try Hex.decode(hex)
        } catch {
            throw .invalidHex(error)
        }
    }
}
