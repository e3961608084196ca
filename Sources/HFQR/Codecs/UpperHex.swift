/// The upper-case hexadecimal of BBQr `H` parts (lower case is outside the QR alphanumeric set, so it is refused).
enum UpperHex {
    /// The digits.
    static let digits = Array("0123456789ABCDEF".utf8)

    /// `bytes` as upper-case hex characters (ASCII).
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return out
    }

    /// The bytes of upper-case hex characters.
    /// - Throws: `BBQrError.oddHexLength` or `.invalidCharacter` (offset within `text`).
    static func decode(_ text: ArraySlice<UInt8>) throws(BBQrError) -> [UInt8] {
        guard text.count % 2 == 0 else { throw .oddHexLength(text.count) }
        var out = [UInt8]()
        out.reserveCapacity(text.count / 2)
        var high: UInt8 = 0
        for (offset, char) in text.enumerated() {
            let value: UInt8
            switch char {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = char - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = char - UInt8(ascii: "A") + 10
            default: throw .invalidCharacter(offset: offset)
            }
            if offset % 2 == 0 { high = value << 4 } else { out.append(high | value) }
        }
        return out
    }
}
