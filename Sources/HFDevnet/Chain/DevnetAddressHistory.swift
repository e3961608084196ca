public import HFPrimitives

/// The transactions that pay to or spend from one locking script (an address's P2PKH script).
///
/// WhatsOnChain splits the same data into `confirmed/history` and `unconfirmed/history`.
public struct DevnetAddressHistory: Hashable, Sendable {
    /// Mined transactions, oldest first (by height, then position in the block).
    public let confirmed: [DevnetHistoryEntry]
    /// Mempool transactions, in acceptance order.
    public let unconfirmed: [Txid]

    /// A history from its parts.
    public init(confirmed: [DevnetHistoryEntry], unconfirmed: [Txid]) {
        self.confirmed = confirmed
        self.unconfirmed = unconfirmed
    }
}
