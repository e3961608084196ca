/// Where a stored transaction stands on the watcher's best chain, derived from the chain each time it is asked
/// (docs/design.md §2, as the signer's `ChainConfirmation`): a stored proof counts only while the chain's header at its
/// height is its block. A transaction whose block left the chain is shown as unconfirmed, and counts again, with
/// nothing stored or re-fetched, if its block comes back.
///
/// | stored row | the chain's header at its height | standing |
/// |---|---|---|
/// | proof verified at (height, hash) | is that block | `confirmed(height)` |
/// | proof verified at (height, hash) | another block, or none | `orphaned(height, blockHash)` |
/// | no proof | — | `unconfirmed` |
public enum WatchedStanding: Sendable, Equatable {
    /// In the block at `height` of the best chain.
    case confirmed(height: Int)
    /// Proved in block `blockHash` at `height`, which is not on the best chain now.
    case orphaned(height: Int, blockHash: String)
    /// Not mined, as far as the watcher knows.
    case unconfirmed

    /// The height while confirmed, nil otherwise (the `height` of the `--json` shapes).
    public var confirmedHeight: Int? {
        if case .confirmed(let height) = self { return height }
        return nil
    }

    /// Its name in `history --json`: `confirmed`, `orphaned` or `unconfirmed`.
    public var code: String {
        switch self {
        case .confirmed: "confirmed"
        case .orphaned: "orphaned"
        case .unconfirmed: "unconfirmed"
        }
    }
}
