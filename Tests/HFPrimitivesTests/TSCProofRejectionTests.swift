import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Block 125632's txids and root (11 transactions: index 8 has a `"*"` at level 2, index 10 at levels 0 and 2).
private struct Block125632 {
    let tree: MerkleTree
    let header: BlockHeader

    init?() throws {
        guard let file = try ChainVectors.object("merkle/block125632.tsc-and-bump.json") else { return nil }
        let txids = try #require(file["txids"] as? [String]).map { text in try Txid(displayHex: text) }
        tree = try MerkleTree(txids: txids)
        // A header carrying that root, so that `verify` can be exercised (the real header is not in the vectors).
        let zero = try BlockHash(internalBytes: [UInt8](repeating: 0, count: 32))
        header = BlockHeader(version: 1, previousBlockHash: zero, merkleRoot: tree.root, time: 0, bits: 0, nonce: 0)
    }

    func proof(_ index: Int) throws -> TSCProof {
        try tree.tscProof(index: index, target: .header(header))
    }
}

@Suite struct TSCProofRejectionTests {
    @Test func binaryStructure() throws {
        guard let block = try Block125632() else { return }
        let bytes = try block.proof(10).serialized
        // Every truncation, and trailing bytes.
        for length in 0..<bytes.count {
            #expect(throws: TSCProofError.self, "length \(length)") {
                try TSCProof(serialized: Array(bytes[..<length]))
            }
        }
        #expect(throws: TSCProofError.malformed(.trailingBytes(1))) { try TSCProof(serialized: bytes + [0]) }
        func flags(_ value: UInt8) -> [UInt8] { [value] + bytes.dropFirst() }
        #expect(throws: TSCProofError.unknownFlags(0x22)) { try TSCProof(serialized: flags(0x22)) }
        #expect(throws: TSCProofError.unsupportedProofType("tree")) { try TSCProof(serialized: flags(0x0a)) }
        #expect(throws: TSCProofError.unsupportedComposite) { try TSCProof(serialized: flags(0x12)) }
        #expect(throws: TSCProofError.unsupportedTargetType("height")) { try TSCProof(serialized: flags(0x06)) }
        // Layout of this proof: flags(1) index(1) txid(32) header(80) count(1) nodes.
        let countAt = 1 + 1 + 32 + 80
        #expect(bytes[countAt] == 4 && bytes[countAt + 1] == 1)
        var nodeType = bytes
        nodeType[countAt + 1] = 2
        #expect(throws: TSCProofError.invalidNodeType(2)) { try TSCProof(serialized: nodeType) }
        let oversize = Array(bytes[..<countAt]) + [0x41] + Array(bytes[(countAt + 1)...])
        #expect(throws: TSCProofError.tooManyNodes(65)) { try TSCProof(serialized: oversize) }
        let wide = Array(bytes[..<countAt]) + [0xfd, 0x00, 0x01] + Array(bytes[(countAt + 1)...])
        #expect(throws: TSCProofError.tooManyNodes(256)) { try TSCProof(serialized: wide) }
        let nonCanonical = Array(bytes[..<countAt]) + [0xfd, 0x04, 0x00] + Array(bytes[(countAt + 1)...])
        #expect(throws: TSCProofError.malformed(.nonCanonicalCompactSize)) { try TSCProof(serialized: nonCanonical) }
        let huge = Array(bytes[..<countAt]) + [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
        #expect(throws: TSCProofError.tooManyNodes(Int.max)) { try TSCProof(serialized: huge) }
        // A "*" moved to where the working node is a right child (index 10 → 11 in the index byte).
        var moved = bytes
        moved[1] = 11
        #expect(throws: TSCProofError.duplicateNotAllowed(level: 0)) { try TSCProof(serialized: moved) }
        // An index too large for 4 levels.
        var large = bytes
        large[1] = 0x10 | 10
        #expect(throws: TSCProofError.indexOutOfRange(index: 26, levels: 4)) { try TSCProof(serialized: large) }
    }

    /// Every flipped bit of a valid proof is refused, either when parsed or when verified against the header.
    @Test func flippedBitsInEveryField() throws {
        guard let block = try Block125632() else { return }
        for index in [5, 8, 10] {
            let proof = try block.proof(index)
            let bytes = proof.serialized
            for bit in 0..<(bytes.count * 8) {
                var damaged = bytes
                damaged[bit / 8] ^= 1 << UInt8(bit % 8)
                let refused: Bool
                do {
                    let parsed = try TSCProof(serialized: damaged)
                    try parsed.verify(txid: proof.txid, header: block.header)
                    refused = false
                } catch {
                    refused = true
                }
                #expect(refused, "index \(index), bit \(bit)")
            }
        }
    }

    @Test func wrongIndexTxidAndTarget() throws {
        guard let block = try Block125632() else { return }
        let proof = try block.proof(5)
        let wrongIndex = try TSCProof(index: 4, txOrId: proof.txOrId, target: proof.target, nodes: proof.nodes)
        #expect(throws: TSCProofError.rootMismatch) { try wrongIndex.verify(txid: proof.txid, header: block.header) }
        let other = try block.proof(6).txid
        #expect(throws: TSCProofError.txidMismatch) { try proof.computeRoot(txid: other) }
        let otherHeader = BlockHeader(
            version: 2, previousBlockHash: block.header.previousBlockHash, merkleRoot: block.tree.root, time: 0,
            bits: 0, nonce: 0)
        #expect(throws: TSCProofError.targetMismatch) { try proof.verify(txid: proof.txid, header: otherHeader) }
        let byHash = try block.tree.tscProof(index: 5, target: .blockHash(otherHeader.hash))
        #expect(throws: TSCProofError.targetMismatch) { try byHash.verify(txid: proof.txid, header: block.header) }
        let byRoot = try block.tree.tscProof(index: 5, target: .merkleRoot(MerkleHash(other)))
        #expect(throws: TSCProofError.targetMismatch) { try byRoot.verify(txid: proof.txid, header: block.header) }
    }

    /// "*" only where the working node is a left child; structural limits.
    @Test func constructionChecks() throws {
        guard let block = try Block125632() else { return }
        let proof = try block.proof(10)
        #expect(proof.nodes[0] == .duplicate && proof.nodes[2] == .duplicate)
        #expect(throws: TSCProofError.duplicateNotAllowed(level: 0)) {
            try TSCProof(index: 11, txOrId: proof.txOrId, target: proof.target, nodes: proof.nodes)
        }
        #expect(throws: TSCProofError.duplicateNotAllowed(level: 2)) {
            try TSCProof(index: 14, txOrId: proof.txOrId, target: proof.target, nodes: proof.nodes)
        }
        #expect(throws: TSCProofError.indexOutOfRange(index: 16, levels: 4)) {
            try TSCProof(index: 16, txOrId: proof.txOrId, target: proof.target, nodes: proof.nodes)
        }
        #expect(throws: TSCProofError.indexOutOfRange(index: 1, levels: 0)) {
            try TSCProof(index: 1, txOrId: proof.txOrId, target: proof.target, nodes: [])
        }
        let many = [TSCProof.Node](repeating: .hash(MerkleHash(proof.txid)), count: 65)
        #expect(throws: TSCProofError.tooManyNodes(65)) {
            try TSCProof(index: 0, txOrId: proof.txOrId, target: proof.target, nodes: many)
        }
        for length in [0, 32, TSCProof.maxTransactionLength + 1] {
            #expect(throws: TSCProofError.invalidTransactionLength(length)) {
                try TSCProof(
                    index: 0, txOrId: .transaction([UInt8](repeating: 1, count: length)), target: proof.target,
                    nodes: [])
            }
        }
    }

    /// CVE-2012-2459: proofs for positions that exist only in the duplicated tree are refused.
    @Test func duplicatedSubtreeProofs() throws {
        guard let block = try Block125632() else { return }
        let last = try block.proof(10)
        // Position 11 "exists" if tx 10 is copied: level 0's left sibling is tx 10 itself.
        var copied = last.nodes
        copied[0] = .hash(MerkleHash(last.txid))
        let fake11 = try TSCProof(index: 11, txOrId: last.txOrId, target: last.target, nodes: copied)
        #expect(throws: TSCProofError.siblingEqualsWorkingHash(level: 0)) { try fake11.computeRoot() }
        // Position 12 "exists" if the level-2 node 2 (txs 8…11) is copied to 3: tx 8 there has the same siblings
        // below, and at level 2 its left sibling equals its working hash.
        let eight = try block.proof(8)
        let level2 = block.tree.levels[2][2]
        var subtree = eight.nodes
        subtree[2] = .hash(level2)
        let fake12 = try TSCProof(index: 12, txOrId: eight.txOrId, target: eight.target, nodes: subtree)
        #expect(throws: TSCProofError.siblingEqualsWorkingHash(level: 2)) { try fake12.computeRoot() }
        // WhatsOnChain may write a forced duplicate in full on the right: that is accepted.
        var spelled = eight.nodes
        spelled[2] = .hash(level2)
        let wocStyle = try TSCProof(index: 8, txOrId: eight.txOrId, target: eight.target, nodes: spelled)
        #expect(try wocStyle.computeRoot() == block.tree.root)
        try wocStyle.verify(txid: eight.txid, header: block.header)
        // After a duplicated level the working node is last: a real right sibling above it is impossible.
        var inconsistent = last.nodes
        inconsistent[2] = .hash(MerkleHash(eight.txid))
        let bad = try TSCProof(index: 10, txOrId: last.txOrId, target: last.target, nodes: inconsistent)
        #expect(throws: TSCProofError.rightSiblingAfterDuplicate(level: 2)) { try bad.computeRoot() }
    }

    @Test func jsonRejections() throws {
        guard let block = try Block125632() else { return }
        let valid = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try block.proof(8))) as? [String: Any]
        let object = try #require(valid)
        func changed(_ key: String, _ value: Any?) -> [String: Any] {
            var copy = object
            copy[key] = value
            return copy
        }
        #expect(try decodeTSC(object) == (try block.proof(8)))
        #expect(throws: TSCProofError.unknownField("height")) { try decodeTSC(changed("height", 1)) }
        #expect(throws: TSCProofError.unsupportedTargetType("height")) {
            try decodeTSC(changed("targetType", "height"))
        }
        #expect(throws: TSCProofError.unsupportedTargetType("Hash")) { try decodeTSC(changed("targetType", "Hash")) }
        #expect(throws: TSCProofError.unsupportedProofType("tree")) { try decodeTSC(changed("proofType", "tree")) }
        #expect(throws: TSCProofError.unsupportedComposite) { try decodeTSC(changed("composite", true)) }
        #expect(throws: TSCProofError.invalidTarget) { try decodeTSC(changed("targetType", "hash")) }
        #expect(throws: TSCProofError.invalidTarget) { try decodeTSC(changed("target", "00")) }
        #expect(throws: TSCProofError.invalidTxOrId) { try decodeTSC(changed("txOrId", "abcd")) }
        #expect(throws: TSCProofError.invalidTxOrId) {
            try decodeTSC(changed("txOrId", String(repeating: "g", count: 64)))
        }
        #expect(throws: TSCProofError.invalidTxOrId) {
            try decodeTSC(changed("txOrId", String(repeating: "a", count: 67)))
        }
        #expect(throws: TSCProofError.invalidNode(position: 1)) { try decodeTSC(changed("nodes", ["*", "**"])) }
        #expect(throws: TSCProofError.invalidNode(position: 0)) { try decodeTSC(changed("nodes", [""])) }
        #expect(throws: TSCProofError.tooManyNodes(65)) {
            try decodeTSC(changed("nodes", [String](repeating: "*", count: 65)))
        }
        #expect(throws: TSCProofError.duplicateNotAllowed(level: 2)) { try decodeTSC(changed("index", 12)) }
        #expect(throws: DecodingError.self) { try decodeTSC(changed("index", -1)) }
        #expect(throws: DecodingError.self) { try decodeTSC(changed("index", "8")) }
        #expect(throws: DecodingError.self) { try decodeTSC(changed("nodes", nil)) }
        #expect(throws: DecodingError.self) { try decodeTSC(changed("target", nil)) }
        #expect(TSCProofError.unknownField("x").description == "a TSC proof has no field \"x\"")
    }
}
