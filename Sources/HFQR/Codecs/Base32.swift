/// RFC 4648 Base32 (alphabet `A`–`Z`, `2`–`7`) without `=` padding, as BBQr `2` and `Z` parts use it.
///
/// The decoder is strict: upper case only, a length whose remainder modulo 8 is 0, 2, 4, 5 or 7, and zero bits
/// after the last whole byte (the only form an encoder writes).
enum Base32 {
    /// The alphabet.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// The number of characters `byteCount` bytes encode to.
    static func encodedLength(_ byteCount: Int) -> Int { (byteCount * 8 + 4) / 5 }

    /// `bytes` as Base32 characters (ASCII).
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(encodedLength(bytes.count))
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { out.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return out
    }

    /// The bytes of Base32 characters.
    /// - Throws: `BBQrError.invalidCharacter` (offset within `text`), `.invalidBase32Length` or
    ///   `.nonCanonicalBase32`.
    static func decode(_ text: ArraySlice<UInt8>) throws(BBQrError) -> [UInt8] {
        guard [0, 2, 4, 5, 7].contains(text.count % 8) else { throw .invalidBase32Length(text.count) }
        var out = [UInt8]()
        out.reserveCapacity(text.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for (offset, char) in text.enumerated() {
            guard let value = value(of: char) else { throw .invalidCharacter(offset: offset) }
            buffer = buffer << 5 | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        guard buffer == 0 else { throw .nonCanonicalBase32 }
        return out
    }

    /// The 5-bit value of an alphabet character.
    private static func value(of char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): char - UInt8(ascii: "A")
        case UInt8(ascii: "2")...UInt8(ascii: "7"): char - UInt8(ascii: "2") + 26
        default: nil
        }
    }
}
