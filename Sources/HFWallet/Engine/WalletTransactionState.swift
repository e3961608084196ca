/// Where one of the wallet's locally held transactions stands, as far as the wallet's UTXO set is concerned.
///
/// `UTXOSet` uses the state to decide what a transaction contributes (DESIGN §6, seed 004 "UTXO Sync"):
///
/// | state | its outputs paying the wallet | its inputs consume outpoints |
/// |---|---|---|
/// | `confirmed` | spendable UTXOs | yes |
/// | `pending` | pending change (not spendable yet) | yes |
/// | `unconfirmed` | counted as unconfirmed, never spendable | yes |
/// | `cancelled` | nothing | no |
public enum WalletTransactionState: Hashable, Sendable {
    /// SPV-verified in a block at `height` on the signer's validated chain.
    case confirmed(height: Int)
    /// Signed by this wallet and not yet confirmed (cold mode: kept to be exported and broadcast).
    case pending
    /// Held but not (or no longer) SPV-verified: for instance a receipt whose block left the best chain. Its spends
    /// still count, because spending the same outpoints again would be a double spend if it is mined again.
    case unconfirmed
    /// A pending transaction the user cancelled before it was broadcast: it consumes nothing and pays nothing.
    case cancelled

    // MARK: - Properties

    /// The block height of a confirmed transaction, else nil.
    public var height: Int? {
        if case .confirmed(let height) = self { return height }
        return nil
    }

    /// Whether the transaction's inputs consume outpoints (every state but `cancelled`).
    public var consumesInputs: Bool { self != .cancelled }

    /// Which of two states of the same txid wins when a history lists it twice: confirmed, then pending, then
    /// unconfirmed, then cancelled.
    var precedence: Int {
        switch self {
        case .confirmed: 3
        case .pending: 2
        case .unconfirmed: 1
        case .cancelled: 0
        }
    }
}
