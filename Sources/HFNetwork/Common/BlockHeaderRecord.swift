public import HFPrimitives

/// A block header with the height a service reported for it.
///
/// Clients build the 80-byte header from the service's JSON fields and keep it only if it hashes to the block hash
/// the service named, so `header` is self-consistent. The height and the header's place in the best chain are
/// still only the service's word: the SPV core validates every header before it is trusted.
public struct BlockHeaderRecord: Sendable, Equatable {
    /// The height the service reported.
    public let height: Int
    /// The header.
    public let header: BlockHeader

    /// A record from its parts.
    public init(height: Int, header: BlockHeader) {
        self.height = height
        self.header = header
    }

    /// The block hash, `hash256(header)`.
    public var hash: BlockHash { header.hash }
}
