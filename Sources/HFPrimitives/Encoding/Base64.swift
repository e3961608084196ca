/// Standard base64 (RFC 4648 §4, `A–Z a–z 0–9 + /`, `=` padding), strict and canonical.
///
/// Used for the BSV SDKs' text forms: Bitcoin Signed Message signatures, BIE1 messages and BRC-52 certificate
/// fields. The decoder accepts exactly what `encode` produces: length a multiple of 4, padding only at the end, no
/// whitespace or line breaks, and zero unused bits in the last group, so each byte string has one text form.
public enum Base64 {
    /// The alphabet, indexed by 6-bit value.
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes bytes with padding.
    ///
    /// - Returns: `4 × ⌈count / 3⌉` characters; empty for no bytes.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let remaining = input.count - index
            let b0 = UInt32(input[index])
            let b1 = remaining > 1 ? UInt32(input[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(input[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(remaining > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            out.append(remaining > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes canonical padded base64.
    ///
    /// - Parameters:
    ///   - text: the base64 text.
    ///   - maxLength: the largest decoded length accepted; longer text is refused before decoding.
    /// - Returns: the bytes; empty for empty text.
    /// - Throws: `Base64Error` for the first problem found.
    public static func decode(_ text: String, maxLength: Int = .max) throws(Base64Error) -> [UInt8] {
        let units = Array(text.utf8)
        guard units.count % 4 == 0 else { throw .invalidLength(units.count) }
        guard units.count / 4 <= maxLength / 3 + 1 else { throw .tooLong(maximum: maxLength) }
        var out: [UInt8] = []
        out.reserveCapacity(units.count / 4 * 3)
        var offset = 0
        while offset < units.count {
            let isLast = offset + 4 == units.count
            var group: UInt32 = 0
            var padding = 0
            for position in 0..<4 {
                let unit = units[offset + position]
                if unit == UInt8(ascii: "=") {
                    // Padding only in the last group, only in its last two places, and nothing but padding after it.
                    guard isLast, position >= 2 else { throw .invalidCharacter(offset: offset + position) }
                    padding += 1
                    group <<= 6
                    continue
                }
                guard padding == 0, let value = value(unit) else { throw .invalidCharacter(offset: offset + position) }
                group = group << 6 | UInt32(value)
            }
            out.append(UInt8(group >> 16 & 0xff))
            if padding < 2 { out.append(UInt8(group >> 8 & 0xff)) }
            if padding < 1 { out.append(UInt8(group & 0xff)) }
            // The bits that the padding leaves unused must be zero (one text form per byte string).
            if padding == 1, group & 0xff != 0 { throw .nonCanonical }
            if padding == 2, group & 0xffff != 0 { throw .nonCanonical }
            offset += 4
        }
        guard out.count <= maxLength else { throw .tooLong(maximum: maxLength) }
        return out
    }

    /// The 6-bit value of one alphabet character, or nil.
    @inline(__always)
    private static func value(_ unit: UInt8) -> UInt8? {
        switch unit {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): unit &- UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): unit &- UInt8(ascii: "a") &+ 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): unit &- UInt8(ascii: "0") &+ 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
