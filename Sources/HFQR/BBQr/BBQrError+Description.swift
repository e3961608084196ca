extension BBQrError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        let rescan = "scan the code again"
        return switch self {
        case .missingPrefix: "the code does not start with B$, so it is not a BBQr part"
        case .truncatedHeader(let length):
            "the code has \(length) characters, fewer than the 8 of a BBQr header; \(rescan)"
        case .unknownEncoding(let found): "the BBQr encoding \"\(found)\" is unknown (H, 2 and Z are defined)"
        case .invalidFileType(let found): "the BBQr file type \"\(found)\" is not an upper-case letter"
        case .invalidCount(let found): "the BBQr part count \"\(found)\" is not 01 to ZZ in base 36"
        case .invalidIndex(let found): "the BBQr part index \"\(found)\" is not two base-36 digits"
        case .indexOutOfRange(let index, let count):
            "the BBQr part index \(index) is not below the part count \(count); the code is damaged"
        case .invalidCharacter(let offset): "the character at offset \(offset) is not valid here; \(rescan)"
        case .oddHexLength(let length): "the hex payload has an odd number of digits (\(length)); \(rescan)"
        case .invalidBase32Length(let length):
            "a Base32 payload of \(length) characters cannot be whole bytes; \(rescan)"
        case .nonCanonicalBase32: "the Base32 payload has stray bits after its last byte; \(rescan)"
        case .partNotWholeBytes(let index, let length, let modulus):
            "part \(index) holds \(length) characters, not a multiple of \(modulus) as BBQr requires"
        case .emptyPart(let index): "part \(index) carries no data"
        case .frameTooLong(let length, let limit):
            "the code text has \(length) characters, more than any QR code holds (\(limit))"
        case .mixedSeries: "the parts come from different BBQr series (their headers differ); scan one at a time"
        case .missingParts(let indexes): "parts are missing: \(ScanProgress.ranges(indexes))"
        case .conflictingPart(let index):
            "two different parts carry index \(index); they come from different animations"
        case .unequalPartLength(let index, let length, let expected):
            "part \(index) holds \(length) characters where the others hold \(expected); the series is not BBQr"
        case .noParts: "there are no BBQr parts to join"
        case .invalidDeflate(let reason):
            "the compressed payload is not valid raw DEFLATE with a 1 KiB window (\(reason))"
        case .trailingDeflateData: "data follows the end of the compressed payload"
        case .payloadTooLarge(let limit): "the decoded data would exceed \(limit) bytes"
        case .emptyPayload: "the decoded data is empty"
        case .emptyInput: "there is nothing to encode: the input is empty"
        case .doesNotFit(let characters, let versions, let parts):
            "\(characters) characters do not fit in \(parts.upperBound) QR codes of version "
                + "\(versions.lowerBound)–\(versions.upperBound); choose a higher density or a smaller file"
        case .invalidOptions(let reason): "invalid BBQr options: \(reason)"
        }
    }
}
