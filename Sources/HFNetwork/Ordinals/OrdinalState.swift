/// What the watcher reports about a 1-satoshi output (issue 17, the third protection level of docs/requirements/wallet.md): three states,
/// of which only `notOrdinal` is a positive answer that the output is plain. `unknown` is protected: it is treated
/// like an ordinal.
public enum OrdinalState: String, Sendable, Equatable, Codable, CaseIterable {
    /// An inscription envelope is in its script, or the indexer knows it as an inscription, token, listing or lock.
    case ordinal
    /// The indexer knows the output and found nothing special on it.
    case notOrdinal
    /// Not settled: the indexer does not know the output, could not be asked (5xx, timeout, connection refused) or
    /// answered something malformed, or no indexer is configured. Protected, like `ordinal`; ask again later.
    case unknown

    /// Whether the output must be kept away from ordinary spending: every state but `notOrdinal`.
    public var isProtected: Bool { self != .notOrdinal }
}

extension OrdinalsClient.Verdict {
    /// The verdict as a tri-state: inscribed → `ordinal`, plain → `notOrdinal`, not indexed or unavailable →
    /// `unknown`.
    public var state: OrdinalState {
        switch self {
        case .inscribed: .ordinal
        case .plain: .notOrdinal
        case .notIndexed, .unavailable: .unknown
        }
    }
}

extension OrdinalsClient {
    /// The tri-state of each of `outpoints` (batch requests, as `check(_:)` for several outputs).
    public func states(_ outpoints: [Outpoint]) async -> [Outpoint: OrdinalState] {
        (await check(outpoints)).mapValues(\.state)
    }
}
