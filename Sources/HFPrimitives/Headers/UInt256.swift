/// An unsigned 256-bit integer, for proof-of-work targets and chain work.
///
/// Four 64-bit limbs, least significant first. The operators `+`, `-` and `*` trap on overflow like the standard
/// integer types; the `…ReportingOverflow` methods and `&+`, `&-`, `&*` wrap instead. `/` and `%` trap on a zero
/// divisor. Shifts follow the standard "smart shift" rules: a negative amount shifts the other way and shifting by
/// 256 or more gives zero.
///
/// Byte forms are explicit about order: `littleEndianBytes` is how Bitcoin reads a block hash as a number (the
/// hash256 output as-is), `bigEndianBytes` and `hex` are how chain work is usually shown.
public struct UInt256: Hashable, Sendable {
    /// Bits 0–63.
    var w0: UInt64
    /// Bits 64–127.
    var w1: UInt64
    /// Bits 128–191.
    var w2: UInt64
    /// Bits 192–255.
    var w3: UInt64

    /// The number of bits in the type: 256.
    public static let bitWidth = 256

    /// Zero.
    public static let zero = UInt256(w0: 0, w1: 0, w2: 0, w3: 0)

    /// One.
    public static let one = UInt256(w0: 1, w1: 0, w2: 0, w3: 0)

    /// 2²⁵⁶ − 1, every bit set.
    public static let max = UInt256(w0: .max, w1: .max, w2: .max, w3: .max)

    // MARK: - Initializers

    /// The value with these limbs, least significant first.
    init(w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
        self.w3 = w3
    }

    /// The value of a 64-bit unsigned integer.
    public init(_ value: UInt64) {
        self.init(w0: value, w1: 0, w2: 0, w3: 0)
    }

    /// The value of limbs given least significant first.
    /// - Parameter words: exactly 4 limbs (other counts are a programmer error).
    public init(words: [UInt64]) {
        precondition(words.count == 4, "UInt256(words:) needs 4 limbs")
        self.init(w0: words[0], w1: words[1], w2: words[2], w3: words[3])
    }

    /// Reads 32 bytes, least significant byte first (how Bitcoin compares a block hash with its target).
    /// - Throws: `UInt256Error.wrongLength` unless `bytes` has 32 bytes.
    public init(littleEndianBytes bytes: [UInt8]) throws(UInt256Error) {
        guard bytes.count == 32 else { throw .wrongLength(bytes.count) }
        let limbs = bytes.withUnsafeBytes { Hash32(unsafeBytes: $0) }.littleEndianLimbs
        self.init(w0: limbs.0, w1: limbs.1, w2: limbs.2, w3: limbs.3)
    }

    /// Reads 32 bytes, most significant byte first.
    /// - Throws: `UInt256Error.wrongLength` unless `bytes` has 32 bytes.
    public init(bigEndianBytes bytes: [UInt8]) throws(UInt256Error) {
        guard bytes.count == 32 else { throw .wrongLength(bytes.count) }
        try self.init(littleEndianBytes: bytes.reversed())
    }

    /// Parses 1 to 64 hex digits, most significant first, either case, without a `0x` prefix (the usual form of
    /// chain work, e.g. `"16354e91e00b76e48f14aee"` or 64 digits with leading zeros).
    /// - Throws: `UInt256Error.invalidHexLength` for no digits or more than 64, `.invalidHexCharacter` for a
    ///   non-hex character.
    public init(hex text: String) throws(UInt256Error) {
        let units = Array(text.utf8)
        guard (1...64).contains(units.count) else { throw .invalidHexLength(units.count) }
        var limbs = [UInt64](repeating: 0, count: 4)
        for (offset, unit) in units.enumerated() {
            guard let nibble = Self.nibble(unit) else { throw .invalidHexCharacter(offset: offset) }
            let position = units.count - 1 - offset
            limbs[position / 16] |= UInt64(nibble) << (4 * UInt64(position % 16))
        }
        self.init(words: limbs)
    }

    // MARK: - Properties

    /// The limbs, least significant first (4 values).
    public var words: [UInt64] { [w0, w1, w2, w3] }

    /// The limb at `index`, 0 (least significant) to 3, without building `words`.
    func limb(_ index: Int) -> UInt64 {
        switch index {
        case 0: w0
        case 1: w1
        case 2: w2
        default: w3
        }
    }

    /// Whether the value is zero.
    public var isZero: Bool { (w0 | w1 | w2 | w3) == 0 }

    /// The number of zero bits above the highest set bit: 256 for zero.
    public var leadingZeroBitCount: Int {
        if w3 != 0 { return w3.leadingZeroBitCount }
        if w2 != 0 { return 64 + w2.leadingZeroBitCount }
        if w1 != 0 { return 128 + w1.leadingZeroBitCount }
        return 192 + w0.leadingZeroBitCount
    }

    /// The number of zero bits below the lowest set bit: 256 for zero.
    public var trailingZeroBitCount: Int {
        if w0 != 0 { return w0.trailingZeroBitCount }
        if w1 != 0 { return 64 + w1.trailingZeroBitCount }
        if w2 != 0 { return 128 + w2.trailingZeroBitCount }
        return 192 + w3.trailingZeroBitCount
    }

    /// The number of significant bits, `256 − leadingZeroBitCount` (Python's `int.bit_length()`): 0 for zero.
    public var bitLength: Int { Self.bitWidth - leadingZeroBitCount }

    /// The 32 bytes, least significant first.
    public var littleEndianBytes: [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        for limb in words {
            for shift in stride(from: UInt64(0), to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: limb >> shift))
            }
        }
        return bytes
    }

    /// The 32 bytes, most significant first.
    public var bigEndianBytes: [UInt8] { littleEndianBytes.reversed() }

    /// 64 lower-case hex digits, most significant first, with leading zeros.
    public var hex: String { Hex.encode(bigEndianBytes) }

    /// The value in decimal, e.g. `"115792089237316195423570985008687907853269984665640564039457584007913129639935"`.
    public var decimalString: String {
        if isZero { return "0" }
        // Peel off 19 decimal digits at a time (10¹⁹ is the largest power of ten below 2⁶⁴).
        let chunk: UInt64 = 10_000_000_000_000_000_000
        var chunks = [UInt64]()
        var rest = self
        while !rest.isZero {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: chunk)
            chunks.append(remainder)
            rest = quotient
        }
        var text = String(chunks.removeLast())
        for part in chunks.reversed() {
            let digits = String(part)
            text += String(repeating: "0", count: 19 - digits.count) + digits
        }
        return text
    }

    // MARK: - Methods

    /// The value of one ASCII hex digit, or nil.
    private static func nibble(_ unit: UInt8) -> UInt8? {
        switch unit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): unit &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): unit &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): unit &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }
}

// MARK: - Comparable

extension UInt256: Comparable {
    /// Numeric order.
    public static func < (lhs: UInt256, rhs: UInt256) -> Bool {
        if lhs.w3 != rhs.w3 { return lhs.w3 < rhs.w3 }
        if lhs.w2 != rhs.w2 { return lhs.w2 < rhs.w2 }
        if lhs.w1 != rhs.w1 { return lhs.w1 < rhs.w1 }
        return lhs.w0 < rhs.w0
    }
}

// MARK: - ExpressibleByIntegerLiteral

extension UInt256: ExpressibleByIntegerLiteral {
    /// A value from a non-negative integer literal up to `UInt64.max`.
    public init(integerLiteral value: UInt64) {
        self.init(value)
    }
}

// MARK: - CustomStringConvertible

extension UInt256: CustomStringConvertible {
    /// The 64-digit hex form (`hex`), as chain work is shown by nodes and explorers.
    public var description: String { hex }
}
