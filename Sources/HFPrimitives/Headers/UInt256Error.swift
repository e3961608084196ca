/// Why bytes or text could not become a `UInt256`.
public enum UInt256Error: Error, Equatable, Sendable {
    /// The byte form had this many bytes instead of 32.
    case wrongLength(Int)
    /// The hex text had this many UTF-8 code units; 1 to 64 digits are accepted.
    case invalidHexLength(Int)
    /// The code unit at `offset` of the hex text is not one of `0-9`, `a-f`, `A-F`.
    case invalidHexCharacter(offset: Int)
}

extension UInt256Error: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .wrongLength(let count): "a 256-bit integer is 32 bytes, not \(count)"
        case .invalidHexLength(let count): "a 256-bit integer is 1 to 64 hex digits, not \(count)"
        case .invalidHexCharacter(let offset): "the character at offset \(offset) is not a hex digit"
        }
    }
}
