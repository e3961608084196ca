/// Why bytes could not become a `BlockHeader`, or why a header fails its own proof of work.
public enum BlockHeaderError: Error, Equatable, Sendable {
    /// A serialized header had this many bytes instead of 80.
    case wrongLength(Int)
    /// A noPrev48 header had this many bytes instead of 48.
    case wrongNoPrev48Length(Int)
    /// The header's `bits` do not stand for a usable target.
    case invalidBits(CompactTargetError)
    /// The header's hash is above the target of its own `bits`.
    case hashAboveTarget
}

extension BlockHeaderError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .wrongLength(let count): "a block header is 80 bytes, not \(count)"
        case .wrongNoPrev48Length(let count): "a noPrev48 block header is 48 bytes, not \(count)"
        case .invalidBits(let reason): "the header's bits are invalid: \(reason)"
        case .hashAboveTarget: "the header's hash is above the target of its bits: the proof of work is not met"
        }
    }
}
