public import HFPrimitives

/// What `DevnetChain.reorg(from:blocks:to:)` did: the blocks it disconnected, the heavier branch it mined in their
/// place, and the transactions that left the chain with them.
public struct DevnetReorg: Hashable, Sendable {
    /// The first height replaced (the fork is at `from − 1`).
    public let from: Int
    /// The tip height before.
    public let oldTipHeight: Int
    /// The tip's hash before.
    public let oldTipHash: BlockHash
    /// The tip height after (`from + newBlocks.count − 1`, above `oldTipHeight`).
    public let newTipHeight: Int
    /// The new blocks' hashes, lowest first.
    public let newBlocks: [BlockHash]
    /// The hashes of the disconnected blocks, lowest first (`oldTipHeight − from + 1` of them).
    public let disconnectedBlocks: [BlockHash]
    /// The transactions of the disconnected blocks other than their coinbases, in block order: no longer mined,
    /// not in the mempool.
    public let droppedTransactions: [Txid]
    /// Mempool transactions that no longer fit the new chain (they spent outputs of the disconnected blocks) and
    /// were removed, in acceptance order.
    public let evictedTransactions: [Txid]

    /// A report from its fields.
    public init(
        from: Int, oldTipHeight: Int, oldTipHash: BlockHash, newTipHeight: Int, newBlocks: [BlockHash],
        disconnectedBlocks: [BlockHash], droppedTransactions: [Txid], evictedTransactions: [Txid]
    ) {
        self.from = from
        self.oldTipHeight = oldTipHeight
        self.oldTipHash = oldTipHash
        self.newTipHeight = newTipHeight
        self.newBlocks = newBlocks
        self.disconnectedBlocks = disconnectedBlocks
        self.droppedTransactions = droppedTransactions
        self.evictedTransactions = evictedTransactions
    }

    /// The hash of the new tip.
    public var newTipHash: BlockHash { newBlocks[newBlocks.count - 1] }
}
