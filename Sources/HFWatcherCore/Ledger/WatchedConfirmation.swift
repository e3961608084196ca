import HFPrimitives
import HFSPV
import HFStore

/// Derives `WatchedStanding`s against one chain (one per ledger or export built): a stored proof counts only while
/// the chain's header at its height is its block (`BestChainLookup`, the rule the signer's `ChainConfirmation`
/// follows too).
struct WatchedConfirmation {
    private var bestChain: BestChainLookup

    /// Derivations against `chain` as it is now.
    init(chain: HeaderChain) { bestChain = BestChainLookup(chain: chain) }

    /// The standing of `row`. A stored block hash that does not parse never confirms (it is orphaned: the proof
    /// cannot be tied to the chain).
    mutating func standing(of row: WatchedTransactions.Row) -> WatchedStanding {
        guard row.proof != nil, let height = row.blockHeight else { return .unconfirmed }
        let text = row.blockHash ?? ""
        guard let hash = try? BlockHash(displayHex: text), bestChain.contains(hash, atHeight: height) else {
            return .orphaned(height: height, blockHash: text)
        }
        return .confirmed(height: height)
    }
}
