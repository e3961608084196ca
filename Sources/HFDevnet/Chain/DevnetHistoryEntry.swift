public import HFPrimitives

/// One mined transaction in an address's history (WhatsOnChain `{tx_hash, height}`; JungleBus address records).
public struct DevnetHistoryEntry: Hashable, Sendable {
    /// The transaction (`tx_hash`, JungleBus `transaction_id`).
    public let txid: Txid
    /// Its block (`height`; JungleBus `block_hash`, `block_height`, `block_index`).
    public let confirmation: DevnetConfirmation

    /// An entry from its fields.
    public init(txid: Txid, confirmation: DevnetConfirmation) {
        self.txid = txid
        self.confirmation = confirmation
    }

    /// The block height.
    public var height: Int { confirmation.height }
}
