public import HFPrimitives

/// The checkpoint a `.hfheaders` run is anchored to: the network's compiled-in SPV checkpoint (docs/design.md §5).
///
/// The importer rejects a bundle whose checkpoint differs from its own.
public struct HeaderCheckpoint: Hashable, Sendable {
    /// The checkpoint's block height.
    public let height: UInt32
    /// The checkpoint's block hash (display order in JSON).
    public let hash: BlockHash

    /// A checkpoint at `height` with `hash`.
    public init(height: UInt32, hash: BlockHash) {
        self.height = height
        self.hash = hash
    }
}
