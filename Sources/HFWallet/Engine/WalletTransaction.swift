public import HFPrimitives

/// One transaction of the wallet's local history, with its state and its txid (computed once, here).
///
/// The UTXO set is rebuilt from these alone (`UTXOSet`), never from a service's list of unspent outputs.
public struct WalletTransaction: Hashable, Sendable {
    /// The transaction.
    public let transaction: Transaction

    /// Its txid, `hash256(serialized)`.
    public let txid: Txid

    /// Whether it is confirmed (and at which height), pending, unconfirmed or cancelled.
    public let state: WalletTransactionState

    // MARK: - Initializers

    /// A transaction of the history in `state`; hashes the transaction once to find its txid.
    public init(transaction: Transaction, state: WalletTransactionState) {
        self.transaction = transaction
        self.txid = transaction.txid
        self.state = state
    }
}
