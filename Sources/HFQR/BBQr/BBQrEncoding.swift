/// How a BBQr series writes its bytes as QR alphanumeric text: the third header character.
public enum BBQrEncoding: String, Hashable, Sendable, CaseIterable {
    /// `H`: upper-case hexadecimal, two characters per byte.
    case hex = "H"
    /// `2`: RFC 4648 Base32 without `=` padding, eight characters per five bytes.
    case base32 = "2"
    /// `Z`: the whole file compressed as raw DEFLATE with a 1 KiB window (window bits 10, no zlib or gzip header),
    /// then written as `base32`.
    case zlib = "Z"

    // MARK: - Properties

    /// The header character.
    public var letter: Character { Character(rawValue) }

    /// Every part but the last holds a multiple of this many characters, so each part decodes to whole bytes alone.
    public var splitModulus: Int { self == .hex ? 2 : 8 }

    /// The encoding named by a header byte, if any.
    init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "H"): self = .hex
        case UInt8(ascii: "2"): self = .base32
        case UInt8(ascii: "Z"): self = .zlib
        default: return nil
        }
    }
}
