/// A bounded, forward-only cursor over bytes, for strict decoders.
///
/// Every read checks the remaining length first and throws `ByteReaderError.truncated` rather than trapping.
/// Fixed-width integers are little-endian (`LE`, Bitcoin's wire order) or big-endian (`BE`, as in BIP32) as named.
/// Decoders should end with `finish()` so that trailing bytes are rejected.
public struct ByteReader: Sendable {
    /// The bytes being read.
    private let bytes: [UInt8]

    /// The index of the next unread byte, from 0 to `bytes.count`.
    public private(set) var offset: Int

    // MARK: - Initializers

    /// A reader positioned at the first of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.offset = 0
    }

    // MARK: - Properties

    /// The number of unread bytes.
    public var remaining: Int { bytes.count - offset }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset == bytes.count }

    // MARK: - Methods

    /// Reads `count` bytes, in order.
    ///
    /// - Parameter count: the number of bytes, at least 0 (a negative count is a programmer error).
    /// - Throws: `ByteReaderError.truncated` if fewer than `count` bytes remain; the position is then unchanged.
    public mutating func readBytes(_ count: Int) throws(ByteReaderError) -> [UInt8] {
        precondition(count >= 0, "ByteReader.readBytes: negative count")
        guard count <= remaining else { throw .truncated(needed: count, available: remaining) }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    /// Reads 32 bytes into an inline `Hash32` (no intermediate array).
    /// - Throws: `ByteReaderError.truncated` if fewer than 32 bytes remain; the position is then unchanged.
    public mutating func readHash32() throws(ByteReaderError) -> Hash32 {
        let count = Hash32.byteCount
        guard count <= remaining else { throw .truncated(needed: count, available: remaining) }
        defer { offset += count }
        return bytes.withUnsafeBytes { Hash32(unsafeBytes: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
    }

    /// Reads every remaining byte (possibly none).
    public mutating func readToEnd() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }

    /// Reads one byte.
    /// - Throws: `ByteReaderError.truncated` at the end.
    public mutating func readUInt8() throws(ByteReaderError) -> UInt8 {
        guard remaining >= 1 else { throw .truncated(needed: 1, available: 0) }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Reads a 16-bit unsigned integer, little-endian.
    /// - Throws: `ByteReaderError.truncated` if fewer than 2 bytes remain.
    public mutating func readUInt16LE() throws(ByteReaderError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readInteger(byteCount: 2, bigEndian: false))
    }

    /// Reads a 16-bit unsigned integer, big-endian.
    /// - Throws: `ByteReaderError.truncated` if fewer than 2 bytes remain.
    public mutating func readUInt16BE() throws(ByteReaderError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readInteger(byteCount: 2, bigEndian: true))
    }

    /// Reads a 32-bit unsigned integer, little-endian.
    /// - Throws: `ByteReaderError.truncated` if fewer than 4 bytes remain.
    public mutating func readUInt32LE() throws(ByteReaderError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readInteger(byteCount: 4, bigEndian: false))
    }

    /// Reads a 32-bit unsigned integer, big-endian.
    /// - Throws: `ByteReaderError.truncated` if fewer than 4 bytes remain.
    public mutating func readUInt32BE() throws(ByteReaderError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readInteger(byteCount: 4, bigEndian: true))
    }

    /// Reads a 32-bit two's-complement signed integer, little-endian (a transaction's version).
    /// - Throws: `ByteReaderError.truncated` if fewer than 4 bytes remain.
    public mutating func readInt32LE() throws(ByteReaderError) -> Int32 {
        Int32(bitPattern: try readUInt32LE())
    }

    /// Reads a 64-bit unsigned integer, little-endian.
    /// - Throws: `ByteReaderError.truncated` if fewer than 8 bytes remain.
    public mutating func readUInt64LE() throws(ByteReaderError) -> UInt64 {
        try readInteger(byteCount: 8, bigEndian: false)
    }

    /// Reads a 64-bit unsigned integer, big-endian.
    /// - Throws: `ByteReaderError.truncated` if fewer than 8 bytes remain.
    public mutating func readUInt64BE() throws(ByteReaderError) -> UInt64 {
        try readInteger(byteCount: 8, bigEndian: true)
    }

    /// Reads a CompactSize and checks it is minimally encoded and at most `max`.
    ///
    /// - Parameter max: the largest acceptable value; pass the bound that the format allows (for a count of items,
    ///   no more than could fit in the remaining bytes).
    /// - Throws: `ByteReaderError.truncated`, `.nonCanonicalCompactSize` for a longer-than-needed form, or
    ///   `.valueTooLarge` above `max`. The position after an error is unspecified.
    public mutating func readCompactSize(max: UInt64) throws(ByteReaderError) -> UInt64 {
        let marker = try readUInt8()
        let value: UInt64
        let minimum: UInt64
        switch marker {
        case 0xfd:
            value = UInt64(try readUInt16LE())
            minimum = 0xfd
        case 0xfe:
            value = UInt64(try readUInt32LE())
            minimum = 0x1_0000
        case 0xff:
            value = try readUInt64LE()
            minimum = 0x1_0000_0000
        default:
            value = UInt64(marker)
            minimum = 0
        }
        guard value >= minimum else { throw .nonCanonicalCompactSize }
        guard value <= max else { throw .valueTooLarge }
        return value
    }

    /// Reads a CompactSize count or length as an `Int`, at most `max`.
    ///
    /// - Parameter max: the largest acceptable value, at least 0.
    /// - Throws: as `readCompactSize(max:)`.
    public mutating func readCount(max: Int) throws(ByteReaderError) -> Int {
        precondition(max >= 0, "ByteReader.readCount: negative max")
        return Int(try readCompactSize(max: UInt64(max)))
    }

    /// Reads a CompactSize length followed by that many bytes.
    ///
    /// - Parameter maxLength: the longest byte string accepted.
    /// - Throws: as `readCompactSize(max:)`, or `.truncated` if the bytes are missing.
    public mutating func readVarBytes(maxLength: Int) throws(ByteReaderError) -> [UInt8] {
        let length = try readCount(max: maxLength)
        return try readBytes(length)
    }

    /// Checks that every byte has been read.
    /// - Throws: `ByteReaderError.trailingBytes` with the number of unread bytes.
    public func finish() throws(ByteReaderError) {
        guard isAtEnd else { throw .trailingBytes(remaining) }
    }

    /// Reads `byteCount` (≤ 8) bytes as an unsigned integer in the given order.
    private mutating func readInteger(byteCount: Int, bigEndian: Bool) throws(ByteReaderError) -> UInt64 {
        guard remaining >= byteCount else { throw .truncated(needed: byteCount, available: remaining) }
        var value: UInt64 = 0
        for index in 0..<byteCount {
            let byte = UInt64(bytes[offset + index])
            if bigEndian {
                value = value << 8 | byte
            } else {
                value |= byte << (8 * UInt64(index))
            }
        }
        offset += byteCount
        return value
    }
}
