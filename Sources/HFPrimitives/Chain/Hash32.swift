import HFCrypto

/// 32 bytes held inline: the one storage behind `Txid`, `BlockHash` and `MerkleHash`.
///
/// The bytes sit in four 64-bit words in memory order (a homogeneous tuple, laid out like a C array), so a value
/// costs no heap allocation and no reference counting, equality is four word compares, and the bytes can be lent
/// out without copying (`withUnsafeBytes`). The byte order is whatever the caller gave: for the three identifier
/// types it is *internal order*, the hash256 output as-is.
public struct Hash32: Sendable {
    /// The bytes, 8 to a word, in memory order.
    private var words: (UInt64, UInt64, UInt64, UInt64)

    /// The number of bytes: 32.
    public static let byteCount = 32

    /// All 32 bytes zero (the previous-block hash of a genesis header).
    public static let zero = Hash32(words: (0, 0, 0, 0))

    // MARK: - Initializers

    private init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// Copies 32 bytes from `buffer`, with no length check beyond a precondition (the hot-path form).
    /// - Parameter buffer: exactly 32 bytes (another size is a programmer error).
    public init(unsafeBytes buffer: UnsafeRawBufferPointer) {
        precondition(buffer.count == Self.byteCount, "Hash32 needs exactly 32 bytes")
        words = (
            buffer.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
            buffer.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            buffer.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
            buffer.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        )
    }

    /// Lets `body` write the 32 bytes in place (e.g. a digest written straight into the value).
    /// - Parameter body: must initialize all 32 bytes of the buffer it is given.
    public init<E: Error>(initializingWith body: (UnsafeMutableRawBufferPointer) throws(E) -> Void) throws(E) {
        self = .zero
        try Swift.withUnsafeMutableBytes(of: &words) { buffer throws(E) in try body(buffer) }
    }

    /// Copies 32 bytes.
    /// - Throws: `Hash32Error.wrongLength` unless `bytes` has 32 bytes.
    public init(bytes: [UInt8]) throws(Hash32Error) {
        guard bytes.count == Self.byteCount else { throw .wrongLength(bytes.count) }
        self = bytes.withUnsafeBytes { Hash32(unsafeBytes: $0) }
    }

    /// Parses 64 hex digits in display order (the bytes reversed, as explorers show hashes); either case.
    /// - Throws: `Hash32Error.wrongHexLength` unless 64 characters, `.invalidHex` for a non-hex character.
    public init(displayHex text: String) throws(Hash32Error) {
        let length = text.utf8.count
        guard length == 2 * Self.byteCount else { throw .wrongHexLength(length) }
        let decoded: [UInt8]
        do { decoded = try Hex.decode(text) } catch { throw .invalidHex(error) }
        self = Array(decoded.reversed()).withUnsafeBytes { Hash32(unsafeBytes: $0) }
    }

    /// `hash256(buffer)`, the digest written straight into the value.
    public init(hash256Of buffer: UnsafeRawBufferPointer) {
        self.init { output in Hash.hash256(buffer: buffer, into: output) }
    }

    /// `hash256(bytes)`.
    public init(hash256Of bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { Hash32(hash256Of: $0) }
    }

    /// `hash256(left ‖ right)`: the parent of two merkle nodes, through a 64-byte stack buffer.
    public init(hash256OfConcatenating left: Hash32, _ right: Hash32) {
        var pair = (left.words, right.words)
        self = Swift.withUnsafeBytes(of: &pair) { Hash32(hash256Of: $0) }
    }

    // MARK: - Properties

    /// The 32 bytes as a new array.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The 64 lower-case hex digits of the bytes reversed (display order).
    public var displayHex: String {
        withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: 2 * Self.byteCount) { text in
                for index in 0..<Self.byteCount {
                    let byte = bytes[Self.byteCount - 1 - index]
                    text[2 * index] = Self.digit(byte >> 4)
                    text[2 * index + 1] = Self.digit(byte & 0x0f)
                }
                return 2 * Self.byteCount
            }
        }
    }

    /// The bytes read as a little-endian 256-bit number, least significant limb first: how proof of work compares a
    /// block hash with its target.
    public var littleEndianLimbs: (UInt64, UInt64, UInt64, UInt64) {
        (
            UInt64(littleEndian: words.0), UInt64(littleEndian: words.1), UInt64(littleEndian: words.2),
            UInt64(littleEndian: words.3)
        )
    }

    // MARK: - Methods

    /// Lends the 32 bytes to `body` without copying.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        var words = words
        return try Swift.withUnsafeBytes(of: &words) { buffer throws(E) in try body(buffer) }
    }

    /// Copies the 32 bytes into `buffer` from `offset` on (the buffer must have room for them).
    public func copyBytes(into buffer: UnsafeMutableRawBufferPointer, atByteOffset offset: Int) {
        precondition(offset >= 0 && buffer.count - offset >= Self.byteCount, "Hash32.copyBytes: no room for 32 bytes")
        buffer.storeBytes(of: words.0, toByteOffset: offset, as: UInt64.self)
        buffer.storeBytes(of: words.1, toByteOffset: offset + 8, as: UInt64.self)
        buffer.storeBytes(of: words.2, toByteOffset: offset + 16, as: UInt64.self)
        buffer.storeBytes(of: words.3, toByteOffset: offset + 24, as: UInt64.self)
    }

    /// The lower-case hex digit of a nibble.
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }
}

// MARK: - Hashable

extension Hash32: Hashable {
    /// Byte-wise equality, as four word compares.
    public static func == (lhs: Hash32, rhs: Hash32) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
            && lhs.words.3 == rhs.words.3
    }

    /// Feeds the four words to the hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}

// MARK: - CustomStringConvertible

extension Hash32: CustomStringConvertible {
    /// The display hex.
    public var description: String { displayHex }
}
