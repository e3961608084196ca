/// A 20-byte HASH160 held in three machine words, so that dictionary lookups by public-key hash allocate nothing.
struct Hash160Key: Hashable, Sendable {
    /// Bytes 0–7, 8–15 and 16–19 (little-endian loads).
    private let first: UInt64
    private let second: UInt64
    private let third: UInt32

    // MARK: - Initializers

    /// The key of the 20 bytes of `bytes` starting at `offset`.
    ///
    /// - Precondition: `offset + 20 <= bytes.count`.
    init(_ bytes: [UInt8], offset: Int = 0) {
        precondition(offset >= 0 && offset + 20 <= bytes.count, "a HASH160 is 20 bytes")
        (first, second, third) = bytes.withUnsafeBytes { raw in
            (
                raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt32.self)
            )
        }
    }

    /// The key of the public-key hash inside a 25-byte P2PKH locking script (`76 a9 14 <20 bytes> 88 ac`) that starts
    /// at `offset` of `bytes`, or nil if those 25 bytes are not P2PKH.
    static func p2pkh(in bytes: [UInt8], at offset: Int) -> Hash160Key? {
        guard offset >= 0, offset + 25 <= bytes.count, bytes[offset] == 0x76, bytes[offset + 1] == 0xa9,
            bytes[offset + 2] == 0x14, bytes[offset + 23] == 0x88, bytes[offset + 24] == 0xac
        else { return nil }
        return Hash160Key(bytes, offset: offset + 3)
    }

    /// Whether `bytes` is exactly a 25-byte P2PKH locking script (checked without allocating).
    static func isP2PKH(_ bytes: [UInt8]) -> Bool {
        bytes.count == 25 && p2pkh(in: bytes, at: 0) != nil
    }
}
