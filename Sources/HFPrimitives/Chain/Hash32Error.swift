/// Why bytes or text could not become a `Hash32` (and so a `Txid`, `BlockHash` or `MerkleHash`).
public enum Hash32Error: Error, Equatable, Sendable {
    /// The byte form had this many bytes instead of 32.
    case wrongLength(Int)
    /// The display hex had this many UTF-8 code units instead of 64.
    case wrongHexLength(Int)
    /// The display hex (of the right length) contains a non-hex character.
    case invalidHex(HexError)
}

extension Hash32Error: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .wrongLength(let count): "a hash is 32 bytes, not \(count)"
        case .wrongHexLength(let count): "a hash is 64 hex digits, not \(count)"
        case .invalidHex(let error): "the hash is not hex: \(error)"
        }
    }
}
