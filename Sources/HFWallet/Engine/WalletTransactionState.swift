/// Where one of the wallet's locally held transactions stands, as far as the wallet's UTXO set is concerned.
///
/// `UTXOSet` uses the state to decide what a transaction contributes (docs/design.md §6, docs/requirements/wallet.md "UTXO Sync"):
///
/// | state | its outputs paying the wallet | its inputs consume outpoints |
/// |---|---|---|
/// | `confirmed` | spendable UTXOs | yes |
/// | `pending` | pending change (not spendable yet) | yes |
/// | `unconfirmed` | counted as unconfirmed, never spendable | no |
/// | `cancelled` | nothing | no |
public enum WalletTransactionState: Hashable, Sendable {
    /// SPV-verified in a block at `height` on the signer's validated chain.
    case confirmed(height: Int)
    /// Signed by this wallet and not yet confirmed (cold mode: kept to be exported and broadcast).
    case pending
    /// Held but not (or no longer) SPV-verified: for instance a foreign transaction whose block left the best chain.
    /// It consumes nothing until a receipt on the best chain confirms it again: a block that is cheap to make (SPV
    /// checks no scripts) must not be able to hide a coin of the wallet for good. The wallet's own transactions in
    /// such a block are `pending` again instead (they keep their inputs spent until cancelled).
    case unconfirmed
    /// A pending transaction the user cancelled before it was broadcast: it consumes nothing and pays nothing.
    case cancelled

    // MARK: - Properties

    /// The block height of a confirmed transaction, else nil.
    public var height: Int? {
        if case .confirmed(let height) = self { return height }
        return nil
    }

    /// The state's name in `--json` and text: `confirmed`, `pending`, `unconfirmed` or `cancelled`.
    public var name: String {
        switch self {
        case .confirmed: "confirmed"
        case .pending: "pending"
        case .unconfirmed: "unconfirmed"
        case .cancelled: "cancelled"
        }
    }

    /// Whether the transaction's inputs consume outpoints: confirmed on the best chain, or the wallet's own while
    /// pending.
    public var consumesInputs: Bool {
        switch self {
        case .confirmed, .pending: true
        case .unconfirmed, .cancelled: false
        }
    }

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
