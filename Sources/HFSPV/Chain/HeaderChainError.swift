/// Why a header-chain mutation failed. In every case the chain, in memory and on disk, is as it was.
public enum HeaderChainError: Error, Equatable, Sendable {
    /// The headers were refused by a validation rule.
    case rejected(HeaderRejection)
    /// The storage could not be read or written; `reason` says what the storage reported.
    case storageFailed(reason: String)
}

extension HeaderChainError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .rejected(let rejection): rejection.description
        case .storageFailed(let reason): "the header store failed: \(reason)"
        }
    }
}
