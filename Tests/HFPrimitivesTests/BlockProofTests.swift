import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Real blocks with their whole txid lists: the merkle root from the txids, and a proof for every transaction.
@Suite struct BlockProofTests {
    /// Every block of `chain/blocks/`: the tree's root is the header's merkle root, and every txid gets a TSC proof
    /// (checked against the header with each target type) and a BUMP that agree with each other and round trip.
    @Test func everyTransactionOfEveryBlock() throws {
        guard let blocks = try ChainVectors.blocks() else { return }
        #expect(blocks.count == 11)
        var proven = 0
        for block in blocks {
            let name = "block \(block.height)"
            #expect(block.txids.count == (try ChainVectors.int(block.row, "txCount")), "\(name)")
            #expect(block.header.hash.displayHex == (try ChainVectors.string(block.row, "hash")), "\(name)")
            #expect(block.header.hasValidProofOfWork, "\(name)")
            let tree = try MerkleTree(txids: block.txids)
            #expect(tree.root == block.header.merkleRoot, "\(name) root")
            #expect(try MerkleTree.root(of: block.txids) == block.header.merkleRoot)
            #expect(tree.count == block.txids.count)
            let targets: [TSCProof.Target] = [
                .blockHash(block.header.hash), .header(block.header), .merkleRoot(block.header.merkleRoot),
            ]
            for (index, txid) in block.txids.enumerated() {
                let target = targets[index % 3]
                let proof = try tree.tscProof(index: index, target: target)
                #expect(proof.txid == txid)
                #expect(try proof.computeRoot(txid: txid) == block.header.merkleRoot, "\(name) tx \(index)")
                try proof.verify(txid: txid, header: block.header)
                #expect(try TSCProof(serialized: proof.serialized) == proof)
                let path = try tree.merklePath(indices: [index], blockHeight: UInt32(block.height))
                #expect(try path.computeRoot(txid: txid) == block.header.merkleRoot, "\(name) BUMP \(index)")
                #expect(path.offset(of: txid) == UInt64(index))
                #expect(path.txids == [txid])
                #expect(try MerklePath(serialized: path.serialized) == path)
                // TSC → BUMP gives the canonical single-transaction BUMP, and back.
                #expect(try MerklePath(tscProof: proof, blockHeight: UInt32(block.height)) == path)
                #expect(try path.tscProof(txid: txid, target: target) == proof)
                proven += 1
            }
        }
        #expect(proven == 5086)
    }

    /// A BUMP of every transaction at once, and the single full level 0 form, give the header's root; a TSC proof
    /// cut from either equals the tree's.
    @Test func compoundPathsOfWholeBlocks() throws {
        guard let blocks = try ChainVectors.blocks() else { return }
        for block in blocks where block.txids.count > 1 {
            let tree = try MerkleTree(txids: block.txids)
            let height = UInt32(block.height)
            let all = try tree.merklePath(indices: Array(block.txids.indices), blockHeight: height)
            #expect(all.root == block.header.merkleRoot, "block \(block.height)")
            #expect(all.levels.dropFirst().allSatisfy { level in level.allSatisfy { $0.isDuplicate } })
            #expect(all.txids == block.txids)
            let leaves = block.txids.enumerated().map { index, txid in
                MerklePath.Leaf(offset: UInt64(index), hash: MerkleHash(txid), isTxid: true)
            }
            let fullLevel = try MerklePath(blockHeight: height, levels: [leaves])
            #expect(fullLevel.root == block.header.merkleRoot, "full level 0 of block \(block.height)")
            for index in stride(from: 0, to: block.txids.count, by: max(1, block.txids.count / 7)) + [
                block.txids.count - 1
            ] {
                let txid = block.txids[index]
                let expected = try tree.tscProof(index: index, target: .merkleRoot(tree.root))
                #expect(try all.tscProof(txid: txid, target: .merkleRoot(tree.root)) == expected)
                #expect(try fullLevel.tscProof(txid: txid, target: .merkleRoot(tree.root)) == expected)
            }
        }
    }

    /// Merging single-transaction BUMPs gives the tree's compound BUMP.
    @Test func mergingMatchesCompoundPaths() throws {
        guard let block = try ChainVectors.block(height: 413_567) else { return }
        let tree = try MerkleTree(txids: block.txids)
        let indices = [0, 1, 777, 1000, 1555, 1556]
        var merged = try tree.merklePath(indices: [indices[0]], blockHeight: 413_567)
        for index in indices.dropFirst() {
            merged = try merged.merged(with: tree.merklePath(indices: [index], blockHeight: 413_567))
        }
        #expect(merged == (try tree.merklePath(indices: indices, blockHeight: 413_567)))
        #expect(merged.serialized == (try tree.merklePath(indices: indices, blockHeight: 413_567)).serialized)
        let other = try tree.merklePath(indices: [5], blockHeight: 413_568)
        #expect(throws: MerklePathError.mergeBlockHeightMismatch) { try merged.merged(with: other) }
        guard let block100000 = try ChainVectors.block(height: 100_000) else { return }
        let foreign = try MerkleTree(txids: block100000.txids).merklePath(indices: [1], blockHeight: 413_567)
        #expect(throws: MerklePathError.mergeRootMismatch) { try merged.merged(with: foreign) }
    }

    /// The first blocks with raw bytes: the header is the block's first 80 bytes.
    @Test func rawBlocksStartWithTheirHeaders() throws {
        for name in ["block-277647", "block-413567"] {
            guard let raw = try Vectors.data("chain/blocks/\(name).bin"),
                let row = try ChainVectors.object("chain/blocks/\(name).json")
            else { return }
            #expect(Array(raw.prefix(80)) == (try [UInt8](hex: try ChainVectors.string(row, "header"))))
        }
    }

    /// Merkle arithmetic by hand: block 170's root is `hash256(coinbase ‖ tx1)` and a one-transaction block's
    /// root is its txid.
    @Test func parentOfTwoNodes() throws {
        let coinbase = try MerkleHash(displayHex: "b1fea52486ce0c62bb442b530a3f0132b826c74e473d1f2c220bfa78111c5082")
        let spend = try MerkleHash(displayHex: "f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16")
        let root = MerkleHash(left: coinbase, right: spend)
        #expect(root.displayHex == "7dac2c5666815c17a3b36427de37bb9d2e2c5ccec3f8633eb91a4205cb4c10ff")
        #expect(MerkleHash(left: spend, right: coinbase) != root)
        let single = try MerkleTree(txids: [coinbase.txid])
        #expect(single.root == coinbase)
        #expect(single.height == 0)
        #expect(try single.branch(index: 0).isEmpty)
        #expect(root.description == root.displayHex)
        #expect(try MerkleHash(internalBytes: root.internalBytes) == root)
        #expect(throws: Hash32Error.wrongLength(31)) { try MerkleHash(internalBytes: [UInt8](repeating: 0, count: 31)) }
    }

    /// CVE-2012-2459: a txid list whose last pair is a copy has the same root as the honest list, and is refused.
    @Test func mutatedListsAreRefused() throws {
        guard let block = try ChainVectors.block(height: 277_647) else { return }
        let honest = try MerkleTree(txids: block.txids)
        #expect(block.txids.count == 213)
        let mutated = block.txids + [block.txids[212]]
        #expect(throws: MerkleTreeError.mutated(level: 0, position: 212)) { try MerkleTree(txids: mutated) }
        // A duplicated subtree one level up: [t0…t5, t4, t5] pairs (h45, h45) at level 1, with the same root.
        let six = Array(block.txids[0..<6])
        let copied = six + [six[4], six[5]]
        #expect(throws: MerkleTreeError.mutated(level: 1, position: 2)) { try MerkleTree(txids: copied) }
        let h = copied.map(MerkleHash.init)
        let level1 = stride(from: 0, to: 8, by: 2).map { MerkleHash(left: h[$0], right: h[$0 + 1]) }
        let level2 = [MerkleHash(left: level1[0], right: level1[1]), MerkleHash(left: level1[2], right: level1[3])]
        #expect(MerkleHash(left: level2[0], right: level2[1]) == (try MerkleTree(txids: six)).root)
        #expect(honest.levels[1].count == 107)
        #expect(throws: MerkleTreeError.empty) { try MerkleTree(txids: []) }
        #expect(throws: MerkleTreeError.indexOutOfRange(213)) { try honest.branch(index: 213) }
        #expect(throws: MerkleTreeError.indexOutOfRange(-1)) {
            try honest.tscProof(index: -1, target: .merkleRoot(honest.root))
        }
        #expect(throws: MerkleTreeError.noIndices) { try honest.merklePath(indices: [], blockHeight: 1) }
        #expect(throws: MerkleTreeError.indexOutOfRange(300)) {
            try honest.merklePath(indices: [1, 300], blockHeight: 1)
        }
    }
}
