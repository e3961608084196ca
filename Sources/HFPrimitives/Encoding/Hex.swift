/// Base-16 text encoding of bytes.
///
/// Each byte becomes two digits, most significant nibble first, in the order the bytes are given (no reversal: for
/// the reversed display form of txids and block hashes use `Txid(displayHex:)` and `BlockHash(displayHex:)`).
public enum Hex {
    /// The lower-case digits, indexed by nibble value.
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Encodes bytes as lower-case hex.
    ///
    /// - Parameter bytes: the bytes, written in sequence order.
    /// - Returns: a string of `2 × count` characters from `0-9a-f`; empty for no bytes.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes hex text to bytes, accepting upper- and lower-case digits.
    ///
    /// The decoder is strict: no `0x` prefix, whitespace, or separators are allowed. An empty string decodes to no
    /// bytes.
    /// - Parameter text: the hex digits, first byte first.
    /// - Returns: `text.utf8.count / 2` bytes.
    /// - Throws: `HexError.invalidCharacter(offset:)` for the first code unit that is not a hex digit, else
    ///   `HexError.oddLength` when the number of digits is odd.
    public static func decode(_ text: String) throws(HexError) -> [UInt8] {
        let units = text.utf8
        var out: [UInt8] = []
        out.reserveCapacity(units.count / 2)
        var high: UInt8 = 0
        var offset = 0
        for unit in units {
            guard let nibble = nibble(unit) else { throw .invalidCharacter(offset: offset) }
            if offset & 1 == 0 {
                high = nibble << 4
            } else {
                out.append(high | nibble)
            }
            offset += 1
        }
        guard offset & 1 == 0 else { throw .oddLength(offset) }
        return out
    }

    /// The value of one ASCII hex digit, or nil.
    @inline(__always)
    private static func nibble(_ unit: UInt8) -> UInt8? {
        switch unit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): unit &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): unit &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): unit &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }
}

extension Array where Element == UInt8 {
    /// The bytes as lower-case hex, in array order (see `Hex.encode(_:)`).
    public var hex: String { Hex.encode(self) }

    /// Decodes hex text, upper or lower case, in array order (see `Hex.decode(_:)`).
    ///
    /// - Throws: `HexError` for odd length or a non-hex character.
    public init(hex: String) throws(HexError) {
        self = try Hex.decode(hex)
    }
}
