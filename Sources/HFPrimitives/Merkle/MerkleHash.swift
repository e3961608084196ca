/// A node of a block's merkle tree: 32 bytes held inline in internal byte order.
///
/// The leaves are txids, each parent is `hash256(left ‖ right)` of its two children in internal order, and the top
/// node is the merkle root written in the block header. Byte orders, `Codable` (display hex) and `description` are
/// those of every `Hash32Backed` type.
public struct MerkleHash: Hash32Backed {
    /// The 32 bytes in internal order.
    public let hash32: Hash32

    /// Wraps 32 bytes already in internal order.
    public init(hash32: Hash32) {
        self.hash32 = hash32
    }

    /// The leaf for a transaction: the same 32 bytes as its txid.
    public init(_ txid: Txid) {
        hash32 = txid.hash32
    }

    /// The parent of two nodes: `hash256(left ‖ right)`, both in internal order, with no heap allocation.
    public init(left: MerkleHash, right: MerkleHash) {
        hash32 = Hash32(hash256OfConcatenating: left.hash32, right.hash32)
    }

    /// The same 32 bytes read as a txid (meaningful for a leaf, level 0 of the tree).
    public var txid: Txid { Txid(hash32: hash32) }
}
