/// A block's whole merkle tree, built from its txids in block order: the root, and proofs for any transaction.
///
/// Level 0 is the txids; each level above pairs neighbours, the last node of an odd-length level with itself, up
/// to the single root. A block of one transaction has the txid as its root. Like Bitcoin Core's
/// `ComputeMerkleRoot`, building refuses a *mutated* list, one where two equal nodes are paired at some level
/// (CVE-2012-2459: `[a, b, c]` and `[a, b, c, c]` have the same root).
public struct MerkleTree: Sendable {
    /// The nodes, level 0 (the txids) first and `[root]` last.
    public let levels: [[MerkleHash]]

    // MARK: - Initializers

    /// Builds the tree of a block's txids.
    /// - Parameter txids: the block's transactions in block order (coinbase first).
    /// - Throws: `MerkleTreeError.empty` for no txids, `.mutated` when two equal nodes are paired.
    public init(txids: [Txid]) throws(MerkleTreeError) {
        guard !txids.isEmpty else { throw .empty }
        var levels = [txids.map(MerkleHash.init)]
        while let level = levels.last, level.count > 1 {
            var parents: [MerkleHash] = []
            parents.reserveCapacity((level.count + 1) / 2)
            for position in stride(from: 0, to: level.count, by: 2) {
                let left = level[position]
                let right = position + 1 < level.count ? level[position + 1] : left
                if position + 1 < level.count, left == right {
                    throw .mutated(level: levels.count - 1, position: position)
                }
                parents.append(MerkleHash(left: left, right: right))
            }
            levels.append(parents)
        }
        self.levels = levels
    }

    // MARK: - Properties

    /// The merkle root, as written in the block header.
    public var root: MerkleHash { levels[levels.count - 1][0] }

    /// The number of transactions.
    public var count: Int { levels[0].count }

    /// The number of sibling levels a proof has: 0 for one transaction, else ⌈log₂ count⌉.
    public var height: Int { levels.count - 1 }

    // MARK: - Methods

    /// The siblings of transaction `index`, bottom up, `.duplicate` where a node is paired with itself.
    /// - Throws: `MerkleTreeError.indexOutOfRange`.
    public func branch(index: Int) throws(MerkleTreeError) -> [TSCProof.Node] {
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index) }
        return (0..<height).map { level in
            let sibling = (index >> level) ^ 1
            return sibling < levels[level].count ? .hash(levels[level][sibling]) : .duplicate
        }
    }

    /// The TSC proof of transaction `index`, naming `target` (this block's hash, header or merkle root).
    /// - Throws: `MerkleTreeError.indexOutOfRange`.
    public func tscProof(index: Int, target: TSCProof.Target) throws(MerkleTreeError) -> TSCProof {
        let nodes = try branch(index: index)
        return TSCProof(unchecked: UInt64(index), txOrId: .txid(levels[0][index].txid), target: target, nodes: nodes)
    }

    /// The BUMP proving the transactions at `indices`, in the canonical shape: level 0 holds each flagged txid
    /// and its sibling (or a duplicate leaf), each level above only the siblings that cannot be computed from
    /// below, and there are ⌈log₂ count⌉ levels (one for a single transaction, whose lone leaf is the root).
    /// - Parameters:
    ///   - indices: the positions to prove (at least one; repeats are ignored).
    ///   - blockHeight: the block's height.
    /// - Throws: `MerkleTreeError.noIndices` or `.indexOutOfRange`.
    public func merklePath(indices: [Int], blockHeight: UInt32) throws(MerkleTreeError) -> MerklePath {
        guard !indices.isEmpty else { throw .noIndices }
        for index in indices where !(0..<count).contains(index) { throw .indexOutOfRange(index) }
        let proven = Set(indices)
        var pathLevels: [[MerklePath.Leaf]] = []
        for level in 0..<max(height, 1) {
            let working = Set(proven.map { $0 >> level })
            var leaves: [MerklePath.Leaf] = []
            if level == 0 {
                leaves = proven.map { MerklePath.Leaf(offset: UInt64($0), hash: levels[0][$0], isTxid: true) }
            }
            for position in working where count > 1 && !working.contains(position ^ 1) {
                let sibling = position ^ 1
                leaves.append(
                    sibling < levels[level].count
                        ? MerklePath.Leaf(offset: UInt64(sibling), hash: levels[level][sibling])
                        : .duplicate(offset: UInt64(sibling)))
            }
            pathLevels.append(leaves)
        }
        do {
            return try MerklePath(blockHeight: blockHeight, levels: pathLevels)
        } catch {
            preconditionFailure("a path cut from a whole tree is valid: \(error)")
        }
    }

    /// The merkle root of a block's txids.
    /// - Throws: as `init(txids:)`.
    public static func root(of txids: [Txid]) throws(MerkleTreeError) -> MerkleHash {
        try MerkleTree(txids: txids).root
    }
}
