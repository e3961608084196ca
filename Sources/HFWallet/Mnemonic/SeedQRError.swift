/// Why a SeedQR payload was refused.
///
/// No case carries a digit, a byte or a word of the payload: every part of it is secret. Positions are 1-based.
public enum SeedQRError: Error, Equatable, Sendable {
    /// A Standard SeedQR holds 48 (12 words) or 96 (24 words) digits, not `count`.
    case wrongDigitCount(Int)
    /// The character at `position` of a Standard SeedQR is not a digit `0`–`9`.
    case notADigit(position: Int)
    /// Word `position`'s four digits are above 2047, the last index of the BIP39 list.
    case indexOutOfRange(word: Int)
    /// A Compact SeedQR holds 16 (12 words) or 32 (24 words) bytes; the payload has `count` and is not a Standard
    /// SeedQR either.
    case wrongByteCount(Int)
    /// The words are valid but their BIP39 checksum does not match: the symbol is damaged or not a SeedQR.
    case badChecksum
    /// SeedQR is defined for 12- and 24-word phrases; this phrase has `count` words.
    case unsupportedWordCount(Int)
}

extension SeedQRError: CustomStringConvertible {
    /// A sentence naming the problem, without any part of the payload.
    public var description: String {
        switch self {
        case .wrongDigitCount(let count):
            "a Standard SeedQR holds 48 or 96 digits (12 or 24 words), not \(count)"
        case .notADigit(let position):
            "character \(position) of the SeedQR is not a digit"
        case .indexOutOfRange(let word):
            "word \(word) of the SeedQR is above 2047, the last word of the BIP39 list"
        case .wrongByteCount(let count):
            "this QR code is not a SeedQR: a Standard SeedQR holds 48 or 96 digits and a Compact SeedQR 16 or 32 "
                + "bytes, not \(count) bytes"
        case .badChecksum:
            "the SeedQR's BIP39 checksum does not match: the code is damaged or is not a SeedQR"
        case .unsupportedWordCount(let count):
            "a SeedQR holds a 12- or 24-word phrase; this phrase has \(count) words"
        }
    }
}
