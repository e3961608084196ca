/// A transaction in the extended format (EF, BRC-30): each input also carries the output it spends.
///
/// ARC accepts EF so that it can check scripts and fees without looking the parents up. Wire layout: the plain
/// layout with the marker `00 00 00 00 00 EF` after the version and, after each input's sequence number, the source
/// output's `satoshis (UInt64 LE) ‖ VarInt script length ‖ locking script`. The txid is that of the plain form.
public struct ExtendedTransaction: Hashable, Sendable {
    /// The transaction.
    public let transaction: Transaction

    /// The outputs the inputs spend, one per input, in input order.
    public let sourceOutputs: [TransactionOutput]

    /// The marker after the version: `00 00 00 00 00 EF`.
    public static let marker: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0xef]

    /// The largest serialized extended transaction `init(bytes:)` accepts: 64 MiB (the bundle limit, docs/design.md §4);
    /// the plain form inside must still be at most `Transaction.maxSize`.
    public static let maxSize = 64 * 1024 * 1024

    // MARK: - Initializers

    /// A transaction with the outputs its inputs spend.
    /// - Throws: `TransactionError.sourceOutputCountMismatch` unless there is one source output per input.
    public init(transaction: Transaction, sourceOutputs: [TransactionOutput]) throws(TransactionError) {
        guard sourceOutputs.count == transaction.inputs.count else {
            throw .sourceOutputCountMismatch(inputs: transaction.inputs.count, sourceOutputs: sourceOutputs.count)
        }
        self.transaction = transaction
        self.sourceOutputs = sourceOutputs
    }

    /// Decodes the extended format strictly, with the rules of `Transaction.init(bytes:)` plus: the marker must be
    /// present, and each source output's value and script are bounded like an output's.
    /// - Throws: `TransactionError.notExtendedFormat` without the marker, `.tooLarge` above `maxSize` (or when the
    ///   plain form exceeds `Transaction.maxSize`), else as `Transaction.init(bytes:)`.
    public init(bytes: [UInt8]) throws(TransactionError) {
        guard bytes.count <= Self.maxSize else { throw .tooLarge(byteCount: bytes.count) }
        var decoder = TransactionDecoder(bytes)
        let version = try decoder.readVersion()
        guard decoder.peek(is: Self.marker) else { throw .notExtendedFormat }
        _ = try decoder.readBytes(Self.marker.count, in: .extendedMarker)
        let minInputSize = TransactionInput.minByteCount + TransactionOutput.minByteCount
        let inputCount = try decoder.readCount(.inputCount, minItemSize: minInputSize)
        guard inputCount > 0 else { throw .noInputs }
        var inputs: [TransactionInput] = []
        var sources: [TransactionOutput] = []
        inputs.reserveCapacity(inputCount)
        sources.reserveCapacity(inputCount)
        for index in 0..<inputCount {
            inputs.append(try decoder.readInput(index: index))
            sources.append(try decoder.readOutput(.input(index)))
        }
        let outputs = try Transaction.readOutputs(&decoder)
        let lockTime = try decoder.readLockTimeAndFinish()
        let transaction = Transaction(version: version, inputs: inputs, outputs: outputs, lockTime: lockTime)
        let plainSize = transaction.size
        guard plainSize <= Transaction.maxSize else { throw .tooLarge(byteCount: plainSize) }
        self.transaction = transaction
        self.sourceOutputs = sources
    }

    /// Decodes hex text (either case) of the extended format.
    /// - Throws: `TransactionError.invalidHex`, then as `init(bytes:)`.
    public init(hex: String) throws(TransactionError) {
        try self.init(bytes: try Transaction.decodeHex(hex, maxBytes: Self.maxSize))
    }

    // MARK: - Properties

    /// The serialized extended format.
    public var serialized: [UInt8] {
        let sourceBytes = sourceOutputs.reduce(0) { $0 + $1.size }
        var writer = ByteWriter(capacity: transaction.size + Self.marker.count + sourceBytes)
        writer.appendInt32LE(transaction.version)
        writer.appendBytes(Self.marker)
        writer.appendCompactSize(UInt64(transaction.inputs.count))
        for (input, source) in zip(transaction.inputs, sourceOutputs) {
            input.append(to: &writer)
            source.append(to: &writer)
        }
        transaction.appendOutputsAndLockTime(to: &writer)
        return writer.bytes
    }

    /// The serialized extended format as lower-case hex.
    public var hex: String { Hex.encode(serialized) }

    /// The sum of the source outputs' values in satoshis.
    public var totalInputSatoshis: UInt64 {
        sourceOutputs.reduce(0) { $0 + $1.satoshis }
    }

    /// The fee, inputs minus outputs, in satoshis; nil when the outputs exceed the inputs.
    public var fee: UInt64? {
        let inputs = totalInputSatoshis
        let outputs = transaction.totalOutputSatoshis
        return inputs >= outputs ? inputs - outputs : nil
    }
}
