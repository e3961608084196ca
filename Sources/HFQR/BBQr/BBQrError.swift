/// Why BBQr text could not be parsed, joined or made.
///
/// Offsets count characters from the start of the frame text. No case carries payload content.
public enum BBQrError: Error, Hashable, Sendable {
    // MARK: - One frame

    /// The frame does not start with `B$`: it is not a BBQr part.
    case missingPrefix
    /// The frame has `length` characters, fewer than the 8 of a header.
    case truncatedHeader(length: Int)
    /// The encoding character is not `H`, `2` or `Z`.
    case unknownEncoding(String)
    /// The file-type character is not an upper-case letter.
    case invalidFileType(String)
    /// The part count is not two base-36 digits, or is `00`.
    case invalidCount(String)
    /// The part index is not two base-36 digits.
    case invalidIndex(String)
    /// The part index is not below the part count.
    case indexOutOfRange(index: Int, count: Int)
    /// The character at `offset` is not one the encoding uses.
    case invalidCharacter(offset: Int)
    /// A hex payload has an odd number (`length`) of digits.
    case oddHexLength(Int)
    /// A Base32 payload of `length` characters cannot be whole bytes.
    case invalidBase32Length(Int)
    /// A Base32 payload has non-zero bits after its last byte, which no encoder writes.
    case nonCanonicalBase32
    /// A part other than the last holds `length` characters, not a multiple of the encoding's `modulus`.
    case partNotWholeBytes(index: Int, length: Int, modulus: Int)
    /// Part `index` carries no payload.
    case emptyPart(index: Int)
    /// The frame has `length` characters, more than the `limit` any QR code holds.
    case frameTooLong(length: Int, limit: Int)

    // MARK: - A series

    /// Two parts differ in their first six characters (encoding, file type or count).
    case mixedSeries
    /// The parts with these indexes (0-based) are missing.
    case missingParts([Int])
    /// Two different parts carry the same index.
    case conflictingPart(index: Int)
    /// A part other than the last has `length` characters where the others have `expected`, or the last part is
    /// longer than the others.
    case unequalPartLength(index: Int, length: Int, expected: Int)
    /// No parts were given.
    case noParts

    // MARK: - Compression

    /// A `Z` payload is not a complete raw DEFLATE stream within a 1 KiB window (`reason` is zlib's message).
    case invalidDeflate(reason: String)
    /// Bytes follow the end of a `Z` payload's DEFLATE stream.
    case trailingDeflateData
    /// The decoded payload would exceed `limit` bytes.
    case payloadTooLarge(limit: Int)
    /// The decoded payload is empty.
    case emptyPayload

    // MARK: - Splitting

    /// There is nothing to send.
    case emptyInput
    /// The data does not fit in the allowed QR versions and part counts.
    case doesNotFit(characters: Int, versions: ClosedRange<Int>, parts: ClosedRange<Int>)
    /// The split options are out of range (versions within 1…40, parts within 1…1295).
    case invalidOptions(String)
}
