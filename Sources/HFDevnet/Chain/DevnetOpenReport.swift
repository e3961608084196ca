/// What opening a state directory found and repaired.
public struct DevnetOpenReport: Hashable, Sendable {
    /// The number of blocks loaded above genesis.
    public let blocksLoaded: Int
    /// Bytes cut from the end of `blocks.dat` as a torn last record (short or failing its checksum).
    public let blockBytesDropped: Int
    /// Whole block records dropped because they did not validate (cut from the file too).
    public let blocksDropped: Int
    /// Mempool transactions reloaded and accepted again.
    public let mempoolTransactionsLoaded: Int
    /// Mempool records dropped: torn, already mined, or no longer valid.
    public let mempoolTransactionsDropped: Int
    /// Whether the coinbase key was generated now (a new state directory).
    public let createdKey: Bool

    /// A report from its fields.
    public init(
        blocksLoaded: Int, blockBytesDropped: Int, blocksDropped: Int, mempoolTransactionsLoaded: Int,
        mempoolTransactionsDropped: Int, createdKey: Bool
    ) {
        self.blocksLoaded = blocksLoaded
        self.blockBytesDropped = blockBytesDropped
        self.blocksDropped = blocksDropped
        self.mempoolTransactionsLoaded = mempoolTransactionsLoaded
        self.mempoolTransactionsDropped = mempoolTransactionsDropped
        self.createdKey = createdKey
    }
}
