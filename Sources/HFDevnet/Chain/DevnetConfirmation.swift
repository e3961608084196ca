public import HFPrimitives

/// Where a mined transaction is.
public struct DevnetConfirmation: Hashable, Sendable {
    /// The block height.
    public let height: Int
    /// The block hash.
    public let blockHash: BlockHash
    /// The block's timestamp.
    public let blockTime: UInt32
    /// The transaction's position in the block (0 = coinbase); JungleBus's `block_index`.
    public let index: Int
    /// `tip height − height + 1` when the value was made.
    public let confirmations: Int

    /// A confirmation from its fields.
    public init(height: Int, blockHash: BlockHash, blockTime: UInt32, index: Int, confirmations: Int) {
        self.height = height
        self.blockHash = blockHash
        self.blockTime = blockTime
        self.index = index
        self.confirmations = confirmations
    }
}
