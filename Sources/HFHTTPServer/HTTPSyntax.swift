/// Character classes of HTTP/1.1 (RFC 9110 §5.6, RFC 9112).
enum HTTPSyntax {
    /// Whether `byte` is a `tchar`: a letter, digit, or one of ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Whether `bytes` is a non-empty token.
    static func isToken<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    /// Whether `byte` may appear in a field value: tab, visible ASCII, space, or a byte ≥ 0x80 (obs-text).
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7f)
    }

    /// Whether `byte` may appear in a request target: visible ASCII other than `#`.
    static func isTargetCharacter(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7f && byte != UInt8(ascii: "#")
    }
}
