/// One BBQr part: a header and its payload characters, checked so that the part decodes to whole bytes on its own.
///
/// Parsing is strict: every character must belong to the encoding's alphabet (upper case only), parts other than the
/// last hold a multiple of 2 (hex) or 8 (Base32) characters, and no part is empty.
public struct BBQrFrame: Hashable, Sendable {
    /// The largest number of characters any QR code holds (version 40-L, numeric mode).
    public static let maximumLength = 7089

    /// The header.
    public let header: BBQrHeader
    /// The payload characters after the header (ASCII).
    public let payload: [UInt8]
    /// The payload decoded to bytes: the part's file bytes for `H` and `2`, its share of the DEFLATE stream for `Z`.
    public let bytes: [UInt8]

    // MARK: - Initializers

    /// Parses and checks one part.
    /// - Parameter text: the text a QR code held, without surrounding whitespace.
    /// - Throws: `BBQrError.frameTooLong`, a header fault (`missingPrefix`, `truncatedHeader`, …),
    ///   `.emptyPart`, `.partNotWholeBytes`, `.invalidCharacter` (offset in `text`), `.oddHexLength`,
    ///   `.invalidBase32Length` or `.nonCanonicalBase32`.
    public init(parsing text: String) throws(BBQrError) {
        try self.init(parsing: Array(text.utf8))
    }

    /// Parses and checks one part given as ASCII bytes.
    /// - Throws: as `init(parsing:)` for a string.
    public init(parsing text: [UInt8]) throws(BBQrError) {
        guard text.count <= Self.maximumLength else {
            throw .frameTooLong(length: text.count, limit: Self.maximumLength)
        }
        let header = try BBQrHeader(parsing: text)
        let payload = text[BBQrHeader.length...]
        guard !payload.isEmpty else { throw .emptyPart(index: header.index) }
        let modulus = header.encoding.splitModulus
        if !header.isLast, payload.count % modulus != 0 {
            throw .partNotWholeBytes(index: header.index, length: payload.count, modulus: modulus)
        }
        do {
            bytes = try header.encoding == .hex ? UpperHex.decode(payload) : Base32.decode(payload)
        } catch .invalidCharacter(let offset) {
            throw .invalidCharacter(offset: offset + BBQrHeader.length)
        }
        self.header = header
        self.payload = Array(payload)
    }

    // MARK: - Properties

    /// The whole frame text: header and payload.
    public var text: String { header.description + String(decoding: payload, as: UTF8.self) }
}
