/// The two-character base-36 numbers of BBQr headers: `00`…`ZZ` (0…1295), digits then upper-case letters.
enum Base36 {
    /// The digits in order.
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)

    /// The largest two-character value.
    static let maximum = 36 * 36 - 1

    /// `value` as two characters.
    static func encode(_ value: Int) -> String {
        precondition((0...maximum).contains(value), "Base36: \(value) is outside 0...1295")
        return String(decoding: [digits[value / 36], digits[value % 36]], as: UTF8.self)
    }

    /// The value of two characters, or nil unless both are base-36 digits (upper case only).
    static func decode(_ high: UInt8, _ low: UInt8) -> Int? {
        guard let high = digit(high), let low = digit(low) else { return nil }
        return high * 36 + low
    }

    /// The value of one digit.
    private static func digit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
