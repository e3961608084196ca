public import HFPrimitives

/// One transaction of a wallet in the signer store.
public struct TransactionRecord: Sendable, Equatable {
    /// Where a transaction stands.
    public enum State: String, Sendable {
        /// In a block of the validated chain (a receipt was verified).
        case confirmed
        /// Signed here and not yet seen confirmed: its inputs count as spent.
        case pending
        /// A pending transaction the user cancelled before it was seen: its inputs are free again.
        case cancelled
        /// Was confirmed, but its block left the best chain.
        case unconfirmed
    }

    public let walletID: String
    public let txid: Txid
    public let raw: [UInt8]
    public var state: State
    public var blockHeight: Int?
    public var blockHash: BlockHash?
    /// The canonical `.hfreceipt` bytes that proved it.
    public var receipt: [UInt8]?
    /// The `.hftx` bytes of a transaction signed here.
    public var hftx: [UInt8]?
    public let createdAt: String

    /// A record from its fields.
    public init(
        walletID: String, txid: Txid, raw: [UInt8], state: State, blockHeight: Int? = nil, blockHash: BlockHash? = nil,
        receipt: [UInt8]? = nil, hftx: [UInt8]? = nil, createdAt: String
    ) {
        self.walletID = walletID
        self.txid = txid
        self.raw = raw
        self.state = state
        self.blockHeight = blockHeight
        self.blockHash = blockHash
        self.receipt = receipt
        self.hftx = hftx
        self.createdAt = createdAt
    }
}
