/// What a BBQr series carries: the fourth header character, one upper-case letter `A`–`Z`.
///
/// The letters of the BBQr specification are provided as constants; readers accept any upper-case letter (as the
/// upstream joiners do) and leave the meaning to the caller.
public struct BBQrFileType: Hashable, Sendable, CustomStringConvertible {
    /// The letter's ASCII code, `A`…`Z`.
    public let byte: UInt8

    // MARK: - Initializers

    /// The file type with `letter`.
    /// - Throws: `BBQrError.invalidFileType` unless `letter` is one upper-case ASCII letter.
    public init(_ letter: Character) throws(BBQrError) {
        guard let ascii = letter.asciiValue, Self.isLetter(ascii) else {
            throw .invalidFileType(String(letter))
        }
        byte = ascii
    }

    /// The file type of a header byte already known to be a letter.
    init(validatedByte: UInt8) {
        precondition(Self.isLetter(validatedByte), "BBQrFileType: not an upper-case letter")
        byte = validatedByte
    }

    // MARK: - Properties

    /// The letter.
    public var letter: Character { Character(Unicode.Scalar(byte)) }

    /// The letter as a string.
    public var description: String { String(letter) }

    // MARK: - Static members

    /// `J`: a JSON document (our `.hfheaders`, `.hfreceipt`, `.hfaddrpack`, `.hftx`).
    public static let json = BBQrFileType(validatedByte: UInt8(ascii: "J"))
    /// `B`: binary data (our `.bep` backups).
    public static let binary = BBQrFileType(validatedByte: UInt8(ascii: "B"))
    /// `U`: UTF-8 text.
    public static let text = BBQrFileType(validatedByte: UInt8(ascii: "U"))
    /// `P`: a PSBT.
    public static let psbt = BBQrFileType(validatedByte: UInt8(ascii: "P"))
    /// `T`: a raw transaction.
    public static let transaction = BBQrFileType(validatedByte: UInt8(ascii: "T"))
    /// `C`: CBOR.
    public static let cbor = BBQrFileType(validatedByte: UInt8(ascii: "C"))
    /// `X`: an executable.
    public static let executable = BBQrFileType(validatedByte: UInt8(ascii: "X"))

    /// The type a writer should use for `bytes` when the caller knows nothing better: `J` for a JSON object,
    /// `U` for other valid UTF-8 text without control characters (tab, CR and LF allowed), `B` otherwise.
    ///
    /// This looks at the content only; it does not validate a bundle.
    public static func suggested(for bytes: [UInt8]) -> BBQrFileType {
        let first = bytes.first { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }
        let isText =
            String(validating: bytes, as: UTF8.self) != nil
            && !bytes.contains { ($0 < 0x20 && ![0x09, 0x0a, 0x0d].contains($0)) || $0 == 0x7f }
        guard isText else { return .binary }
        return first == UInt8(ascii: "{") ? .json : .text
    }

    /// Whether `byte` is an upper-case ASCII letter.
    static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
}
