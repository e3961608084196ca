import HFPrimitives
import HFSPV
import HFStore
import HFWallet

/// Where a stored transaction stands, derived from the chain each time it is asked (docs/design.md §2 "Derived, not stored
/// twice"): no crash can leave a receipt of an orphaned block counted as confirmed, because no stored flag decides.
///
/// | stored row | on the best chain | derived state |
/// |---|---|---|
/// | proof verified (`confirmed`) at (height, hash) | the chain's header at height is hash | `confirmed(height)` |
/// | signed here (has `.hftx`), not cancelled | otherwise | `pending` (keeps its inputs spent) |
/// | cancelled | otherwise | `cancelled` |
/// | anything else | otherwise | `unconfirmed` (consumes nothing, pays nothing spendable) |
struct ChainConfirmation {
    /// The chain's hashes, each height looked up once (receipts of one block share it).
    private var bestChain: BestChainLookup

    /// Derivations against `chain` (one per ledger built).
    init(chain: HeaderChain) { bestChain = BestChainLookup(chain: chain) }

    /// The derived state of `record`.
    mutating func state(of record: TransactionRecord) -> WalletTransactionState {
        if let height = isOnBestChain(record) { return .confirmed(height: height) }
        if record.state == .cancelled { return .cancelled }
        if record.hftx != nil { return .pending }
        return .unconfirmed
    }

    /// The height of `record`'s block when its proof was verified against that block and the block is the chain's
    /// header at its height now; nil otherwise.
    private mutating func isOnBestChain(_ record: TransactionRecord) -> Int? {
        guard record.state == .confirmed, let height = record.blockHeight, let hash = record.blockHash else { return nil }
        return bestChain.contains(hash, atHeight: height) ? height : nil
    }
}
