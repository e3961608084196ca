/// The strict reader shared by the plain and the extended (BRC-30) transaction formats.
///
/// Every count and length is bounded by the bytes that remain before anything is allocated, and every
/// `ByteReaderError` becomes a `TransactionError` naming the part being read.
struct TransactionDecoder {
    /// The bytes being read.
    private var reader: ByteReader

    // MARK: - Initializers

    /// A decoder at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        reader = ByteReader(bytes)
    }

    // MARK: - Properties

    /// The number of unread bytes.
    var remaining: Int { reader.remaining }

    // MARK: - Methods

    /// Reads the version.
    mutating func readVersion() throws(TransactionError) -> Int32 {
        try read(.version) { (reader: inout ByteReader) throws(ByteReaderError) in try reader.readInt32LE() }
    }

    /// Reads the lock time and checks that nothing follows it.
    mutating func readLockTimeAndFinish() throws(TransactionError) -> UInt32 {
        let lockTime = try read(.lockTime) { (reader: inout ByteReader) throws(ByteReaderError) in
            try reader.readUInt32LE()
        }
        guard reader.isAtEnd else { throw .trailingBytes(reader.remaining) }
        return lockTime
    }

    /// Whether the next bytes are exactly `bytes` (nothing is consumed).
    func peek(is bytes: [UInt8]) -> Bool {
        var copy = reader
        return (try? copy.readBytes(bytes.count)) == bytes
    }

    /// Reads `count` bytes that belong to `part`.
    mutating func readBytes(_ count: Int, in part: TransactionPart) throws(TransactionError) -> [UInt8] {
        try read(part) { (reader: inout ByteReader) throws(ByteReaderError) in try reader.readBytes(count) }
    }

    /// Reads a count of items each at least `minItemSize` bytes long, checking that they could fit.
    mutating func readCount(_ part: TransactionPart, minItemSize: Int) throws(TransactionError) -> Int {
        let count = try readCompactSize(part)
        guard count <= UInt64(reader.remaining / minItemSize) else { throw .countExceedsData(part, count: count) }
        return Int(count)
    }

    /// Reads one input (without extended-format source data).
    mutating func readInput(index: Int) throws(TransactionError) -> TransactionInput {
        let part = TransactionPart.input(index)
        let txidBytes = try readBytes(32, in: part)
        let vout = try read(part) { (reader: inout ByteReader) throws(ByteReaderError) in try reader.readUInt32LE() }
        let script = try readScript(part)
        let sequence = try read(part) { (reader: inout ByteReader) throws(ByteReaderError) in
            try reader.readUInt32LE()
        }
        let txid: Txid
        do {
            txid = try Txid(internalBytes: txidBytes)
        } catch {
            preconditionFailure("32 bytes always make a txid: \(error)")
        }
        return TransactionInput(
            previousOutput: OutPoint(txid: txid, vout: vout), unlockingScript: script, sequence: sequence)
    }

    /// Reads one output (value and locking script), attributing problems to `part`.
    mutating func readOutput(_ part: TransactionPart) throws(TransactionError) -> TransactionOutput {
        let satoshis = try read(part) { (reader: inout ByteReader) throws(ByteReaderError) in
            try reader.readUInt64LE()
        }
        guard satoshis <= Amount.maxMoney else { throw .satoshisAboveMaximum(part, satoshis: satoshis) }
        let script = try readScript(part)
        do {
            return try TransactionOutput(satoshis: satoshis, lockingScript: script)
        } catch {
            throw .satoshisAboveMaximum(part, satoshis: satoshis)
        }
    }

    /// Reads a VarInt-prefixed script, checking its length against the remaining bytes first.
    private mutating func readScript(_ part: TransactionPart) throws(TransactionError) -> Script {
        let length = try readCompactSize(part)
        guard length <= UInt64(reader.remaining) else { throw .scriptLengthExceedsData(part, length: length) }
        return Script(bytes: try readBytes(Int(length), in: part))
    }

    /// Reads a canonical VarInt of any size.
    private mutating func readCompactSize(_ part: TransactionPart) throws(TransactionError) -> UInt64 {
        try read(part) { (reader: inout ByteReader) throws(ByteReaderError) in try reader.readCompactSize(max: .max) }
    }

    /// Runs one read, turning a `ByteReaderError` into the `TransactionError` for `part`.
    private mutating func read<T>(
        _ part: TransactionPart, _ body: (inout ByteReader) throws(ByteReaderError) -> T
    ) throws(TransactionError) -> T {
        do {
            return try body(&reader)
        } catch .nonCanonicalCompactSize {
            throw .nonCanonicalCompactSize(part)
        } catch .trailingBytes(let count) {
            throw .trailingBytes(count)
        } catch {
            // `.truncated`, and `.valueTooLarge`, which cannot occur with the unbounded reads above.
            throw .truncated(part)
        }
    }
}
