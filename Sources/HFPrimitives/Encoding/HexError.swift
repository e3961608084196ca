/// Why a hexadecimal string was rejected by `Hex.decode(_:)`.
///
/// Offsets count UTF-8 code units from the start of the string, which equals the character offset for ASCII input.
/// No case carries the rejected text, so hex that holds a secret never leaks into a log through an error.
public enum HexError: Error, Equatable, Sendable {
    /// The string has an odd number of UTF-8 code units (the payload); hex needs two digits per byte.
    case oddLength(Int)
    /// The code unit at `offset` is not one of `0-9`, `a-f`, `A-F`.
    case invalidCharacter(offset: Int)
}

extension HexError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .oddLength(let count):
            "the hex text has an odd number of characters (\(count)); each byte needs two digits"
        case .invalidCharacter(let offset): "the hex text has a character that is not 0-9 or a-f at offset \(offset)"
        }
    }
}
