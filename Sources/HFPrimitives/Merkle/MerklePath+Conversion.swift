// Conversions between BUMP and TSC proofs, and merging two BUMPs of one block.

extension MerklePath {
    /// The BUMP equivalent of a TSC proof (wallet-toolbox `convertProofToMerklePath`, as checked against ts-sdk).
    ///
    /// `treeHeight = nodes.count`; level i gets the sibling at offset `(index >> i) ^ 1`: a duplicate leaf for
    /// `"*"` (and, at level 0, for a node equal to the txid, WhatsOnChain's way of writing it), else the hash.
    /// Level 0 also gets the transaction itself, flagged as a txid. A proof with no nodes becomes the one-leaf form.
    /// - Parameters:
    ///   - proof: the TSC proof; its target is not carried over (BUMP has none).
    ///   - blockHeight: the height of the block, found from the proof's target in a trusted header chain.
    /// - Throws: as `init(blockHeight:levels:)` (a duplicate on the wrong side, a duplicated subtree …).
    public init(tscProof proof: TSCProof, blockHeight: UInt32) throws(MerklePathError) {
        let txidHash = MerkleHash(proof.txid)
        var levels: [[Leaf]] = [[Leaf(offset: proof.index, hash: txidHash, isTxid: true)]]
        for (level, node) in proof.nodes.enumerated() {
            let offset = (proof.index >> UInt64(level)) ^ 1
            let leaf: Leaf
            switch node {
            case .duplicate: leaf = .duplicate(offset: offset)
            case .hash(let hash) where level == 0 && hash == txidHash: leaf = .duplicate(offset: offset)
            case .hash(let hash): leaf = Leaf(offset: offset, hash: hash)
            }
            if level == 0 {
                levels[0].append(leaf)
            } else {
                levels.append([leaf])
            }
        }
        try self.init(blockHeight: blockHeight, levels: levels)
    }

    /// The TSC proof of one transaction of this path.
    /// - Parameters:
    ///   - txid: a transaction whose hash is at level 0.
    ///   - target: what the proof names as its target (the block hash, header or merkle root of this block).
    /// - Throws: `MerklePathError.txidNotFound`.
    public func tscProof(txid: Txid, target: TSCProof.Target) throws(MerklePathError) -> TSCProof {
        guard let index = offset(of: txid) else { throw .txidNotFound(txid) }
        let resolution = try Self.resolve(levels)
        var nodes: [TSCProof.Node] = []
        for level in 0..<resolution.height {
            switch resolution.known[level][(index >> UInt64(level)) ^ 1] {
            case .hash(let hash)?: nodes.append(.hash(hash))
            case .duplicate?: nodes.append(.duplicate)
            case nil: preconditionFailure("a validated merkle path knows every sibling of its level-0 hashes")
            }
        }
        // Validation guarantees index < 2^height and duplicates only where the working node is on the left.
        return TSCProof(unchecked: index, txOrId: .txid(txid), target: target, nodes: nodes)
    }

    /// The union of two paths of the same block (the reference's `combine`, then `trim`).
    ///
    /// Leaves are merged by offset, a leaf keeps the txid flag if either side has it, and nodes above level 0 that
    /// can now be computed from level 0 are dropped.
    /// - Throws: `MerklePathError.mergeBlockHeightMismatch`, `.mergeRootMismatch`, `.mergeLevelCountMismatch`,
    ///   and as `init(blockHeight:levels:)`.
    public func merged(with other: MerklePath) throws(MerklePathError) -> MerklePath {
        guard blockHeight == other.blockHeight else { throw .mergeBlockHeightMismatch }
        guard root == other.root else { throw .mergeRootMismatch }
        guard levels.count == other.levels.count else { throw .mergeLevelCountMismatch }
        var merged: [[Leaf]] = []
        for (mine, theirs) in zip(levels, other.levels) {
            var byOffset: [UInt64: Leaf] = [:]
            for leaf in mine { byOffset[leaf.offset] = leaf }
            for leaf in theirs {
                if let existing = byOffset[leaf.offset] {
                    if leaf.isTxid, let hash = existing.hash {
                        byOffset[leaf.offset] = Leaf(offset: leaf.offset, hash: hash, isTxid: true)
                    }
                } else {
                    byOffset[leaf.offset] = leaf
                }
            }
            merged.append(Array(byOffset.values))
        }
        let workingOffsets = merged[0].filter { !$0.isDuplicate }.map(\.offset)
        for level in merged.indices.dropFirst() {
            let computable = Set(workingOffsets.map { $0 >> UInt64(level) })
            merged[level].removeAll { computable.contains($0.offset) }
        }
        return try MerklePath(blockHeight: blockHeight, levels: merged)
    }
}
