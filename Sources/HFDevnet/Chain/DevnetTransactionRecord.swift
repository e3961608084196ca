public import HFPrimitives

/// A transaction the devnet knows, with its status, read under one lock (WhatsOnChain `GET /tx/hash/{txid}`).
public struct DevnetTransactionRecord: Hashable, Sendable {
    /// The transaction.
    public let transaction: Transaction
    /// `.mempool` or `.confirmed`.
    public let status: DevnetTransactionStatus

    /// A record from its fields.
    public init(transaction: Transaction, status: DevnetTransactionStatus) {
        self.transaction = transaction
        self.status = status
    }
}
