/// An append-only byte buffer, the encoding counterpart of `ByteReader`.
///
/// Fixed-width integers are written little-endian (`LE`) or big-endian (`BE`) as named; CompactSize is always the
/// shortest form.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    // MARK: - Initializers

    /// An empty writer that reserves room for `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: - Properties

    /// The number of bytes written so far.
    public var count: Int { bytes.count }

    // MARK: - Methods

    /// Appends bytes in order.
    public mutating func appendBytes(_ other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Appends the 32 bytes of a hash in their stored order (internal order for `Txid`, `BlockHash`, `MerkleHash`).
    public mutating func appendHash32(_ hash: Hash32) {
        hash.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Appends one byte.
    public mutating func appendUInt8(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends a 16-bit unsigned integer, little-endian.
    public mutating func appendUInt16LE(_ value: UInt16) {
        appendInteger(UInt64(value), byteCount: 2, bigEndian: false)
    }

    /// Appends a 16-bit unsigned integer, big-endian.
    public mutating func appendUInt16BE(_ value: UInt16) {
        appendInteger(UInt64(value), byteCount: 2, bigEndian: true)
    }

    /// Appends a 32-bit unsigned integer, little-endian.
    public mutating func appendUInt32LE(_ value: UInt32) {
        appendInteger(UInt64(value), byteCount: 4, bigEndian: false)
    }

    /// Appends a 32-bit unsigned integer, big-endian.
    public mutating func appendUInt32BE(_ value: UInt32) {
        appendInteger(UInt64(value), byteCount: 4, bigEndian: true)
    }

    /// Appends a 32-bit signed integer, two's complement, little-endian.
    public mutating func appendInt32LE(_ value: Int32) {
        appendUInt32LE(UInt32(bitPattern: value))
    }

    /// Appends a 64-bit unsigned integer, little-endian.
    public mutating func appendUInt64LE(_ value: UInt64) {
        appendInteger(value, byteCount: 8, bigEndian: false)
    }

    /// Appends a 64-bit unsigned integer, big-endian.
    public mutating func appendUInt64BE(_ value: UInt64) {
        appendInteger(value, byteCount: 8, bigEndian: true)
    }

    /// Appends the shortest CompactSize encoding of `value` (see `CompactSize`).
    public mutating func appendCompactSize(_ value: UInt64) {
        switch value {
        case 0..<0xfd:
            appendUInt8(UInt8(value))
        case 0xfd...0xffff:
            appendUInt8(0xfd)
            appendUInt16LE(UInt16(value))
        case 0x1_0000...0xffff_ffff:
            appendUInt8(0xfe)
            appendUInt32LE(UInt32(value))
        default:
            appendUInt8(0xff)
            appendUInt64LE(value)
        }
    }

    /// Appends a CompactSize length followed by the bytes.
    public mutating func appendVarBytes(_ other: [UInt8]) {
        appendCompactSize(UInt64(other.count))
        bytes.append(contentsOf: other)
    }

    /// Appends the low `byteCount` bytes of `value` in the given order.
    private mutating func appendInteger(_ value: UInt64, byteCount: Int, bigEndian: Bool) {
        for index in 0..<byteCount {
            let shift = UInt64(8 * (bigEndian ? byteCount - 1 - index : index))
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
