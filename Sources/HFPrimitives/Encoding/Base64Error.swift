/// Why base64 text was rejected by `Base64.decode(_:maxLength:)`. No case carries the text.
public enum Base64Error: Error, Equatable, Sendable {
    /// The number of characters is not a multiple of 4 (padding is required).
    case invalidLength(Int)
    /// The character at `offset` (UTF-8 code units) is not in the alphabet, or is misplaced padding.
    case invalidCharacter(offset: Int)
    /// The unused bits of the last group are not zero.
    case nonCanonical
    /// The decoded bytes would be longer than allowed.
    case tooLong(maximum: Int)
}

extension Base64Error: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidLength(let count): "base64 text must be a multiple of 4 characters, not \(count)"
        case .invalidCharacter(let offset): "invalid base64 character at offset \(offset)"
        case .nonCanonical: "base64 text has non-zero padding bits"
        case .tooLong(let maximum): "base64 data is longer than \(maximum) bytes"
        }
    }
}
