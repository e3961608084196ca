public import HFPrimitives

/// The input that spends an output (WhatsOnChain `GET /tx/{txid}/{vout}/spent` → `{txid, vin}`).
public struct DevnetSpend: Hashable, Sendable {
    /// The spending transaction.
    public let txid: Txid
    /// The input's index in it.
    public let vin: Int
    /// Whether the spending transaction is mined (else it is in the mempool).
    public let isConfirmed: Bool

    /// A spend from its fields.
    public init(txid: Txid, vin: Int, isConfirmed: Bool) {
        self.txid = txid
        self.vin = vin
        self.isConfirmed = isConfirmed
    }
}
