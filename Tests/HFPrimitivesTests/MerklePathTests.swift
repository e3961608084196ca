import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Decodes a BUMP from JSON bytes.
private func decodePath(_ data: Data) throws -> MerklePath {
    try JSONDecoder().decode(MerklePath.self, from: data)
}

@Suite struct MerklePathTests {
    /// The BRC-74 specification example: hex and JSON agree, round trip byte for byte, and all three txids (one of
    /// them not flagged) give the root.
    @Test func specificationExample() throws {
        guard let file = try ChainVectors.object("merkle/brc74-bump.spec-example.json") else { return }
        let hex = try ChainVectors.string(file, "bumpHex")
        let path = try MerklePath(hex: hex)
        #expect(path.hex == hex)
        #expect(path.blockHeight == 813_706)
        #expect(path.treeHeight == 12)
        let fromJSON = try decodePath(try ChainVectors.jsonData(try #require(file["bumpJSON"])))
        #expect(fromJSON == path)
        let root = try MerkleHash(displayHex: try ChainVectors.string(file, "merkleRoot"))
        #expect(path.root == root)
        let txids = try #require(file["txidsComputingRoot"] as? [String])
        for text in txids {
            #expect(try path.computeRoot(txid: Txid(displayHex: text)) == root)
        }
        #expect(path.txids.count == 2)
        #expect(try decodePath(JSONEncoder().encode(path)) == path)
        #expect(try MerklePath(hex: hex.uppercased()) == path)
    }

    /// ts-sdk's valid and must-reject BUMPs: the valid ones round trip with the stated root, each invalid one is
    /// refused for its specific reason.
    @Test func referenceValidAndInvalidVectors() throws {
        guard let file = try ChainVectors.object("merkle/bump.valid-invalid.json") else { return }
        for row in try ChainVectors.objects(file, "valid") {
            let hex = try ChainVectors.string(row, "bumpHex")
            let path = try MerklePath(hex: hex)
            #expect(path.hex == hex)
            #expect(Int(path.blockHeight) == (try ChainVectors.int(row, "blockHeight")))
            #expect(path.root.displayHex == (try ChainVectors.string(row, "computedRoot_by_this_research")))
            for txid in path.txids { #expect(try path.computeRoot(txid: txid) == path.root) }
        }
        let expected: [String: MerklePathError] = [
            "Invalid offset: 12, at height: 1, with legal offsets: 413": .illegalOffset(level: 1, offset: 12),
            "Duplicate offset: 413, at height: 1": .duplicateOffset(level: 1, offset: 413),
            "Duplicate offset: 231, at height: 3": .duplicateOffset(level: 3, offset: 231),
            // This one declares 12 levels but holds 11: a strict reader stops at the truncation (ts-sdk's reader
            // reads the missing count as 0 and fails later); with the count fixed it fails as ts-sdk does, below.
            "Missing hash for index 923 at height 0": .malformed(.truncated(needed: 1, available: 0)),
            "Missing hash for index 1844 at height 6": .missingHash(level: 6, offset: 29),
            "Mismatched roots": .mismatchedRoots,
        ]
        let invalid = try ChainVectors.objects(file, "invalid")
        #expect(invalid.count == 6)
        for row in invalid {
            let message = try ChainVectors.string(row, "expectedError")
            let error = try #require(expected[message], "unmapped: \(message)")
            let hex = try ChainVectors.string(row, "bumpHex")
            #expect(throws: error, "\(message)") { try MerklePath(hex: hex) }
            if message.hasPrefix("Missing hash for index 923") {
                var bytes = try [UInt8](hex: hex)
                #expect(bytes[5] == 12)
                bytes[5] = 11
                #expect(throws: MerklePathError.missingHash(level: 0, offset: 922)) {
                    try MerklePath(serialized: bytes)
                }
            }
        }
        let single = try #require(file["singleTxBlock"] as? [String: Any])
        let path = try MerklePath(hex: try ChainVectors.string(single, "bumpHex"))
        let txid = try Txid(displayHex: try ChainVectors.string(single, "txid"))
        #expect(try path.computeRoot(txid: txid).displayHex == (try ChainVectors.string(single, "merkleRoot")))
        #expect(path.hex == (try ChainVectors.string(single, "bumpHex")))
    }

    /// `chain/proofs/bump-vectors.json`: hex and JSON agree and round trip, every proven txid gives the root at its
    /// offset, the derived ones match their real headers, and the tree builder reproduces them byte for byte.
    @Test func chainBumpVectors() throws {
        guard let file = try ChainVectors.object("chain/proofs/bump-vectors.json"),
            let blocks = try ChainVectors.blocks()
        else { return }
        let vectors = try ChainVectors.objects(file, "vectors")
        #expect(vectors.count == 10)
        var rebuilt = 0
        for vector in vectors {
            let hex = try ChainVectors.string(vector, "bumpHex")
            let path = try MerklePath(hex: hex)
            let note = try ChainVectors.string(vector, "note")
            #expect(path.hex == hex, "\(note)")
            #expect(try decodePath(try ChainVectors.jsonData(try #require(vector["bump"]))) == path, "\(note)")
            let root = try MerkleHash(displayHex: try ChainVectors.string(vector, "merkleRoot"))
            #expect(path.root == root)
            var indices: [Int] = []
            for proven in try ChainVectors.objects(vector, "provenTxids") {
                let txid = try Txid(displayHex: try ChainVectors.string(proven, "txid"))
                let index = try ChainVectors.int(proven, "index")
                #expect(try path.computeRoot(txid: txid) == root)
                #expect(path.offset(of: txid) == UInt64(index))
                indices.append(index)
            }
            if let headerHex = vector["header"] as? String {
                let header = try BlockHeader(bytes: try [UInt8](hex: headerHex))
                #expect(header.merkleRoot == root, "\(note)")
                #expect(header.hash.displayHex == (try ChainVectors.string(vector, "blockHash")))
                let block = try #require(blocks.first { $0.header == header })
                let tree = try MerkleTree(txids: block.txids)
                #expect(try tree.merklePath(indices: indices, blockHeight: path.blockHeight).hex == hex, "\(note)")
                rebuilt += 1
            }
        }
        #expect(rebuilt == 8)
    }

    /// Block 125632 (11 transactions): BUMP hex and JSON for indices 0, 2, 5, 8, 10 agree, give the root, and
    /// convert to and from the TSC proofs of the same file.
    @Test func block125632() throws {
        guard let file = try ChainVectors.object("merkle/block125632.tsc-and-bump.json") else { return }
        let root = try MerkleHash(displayHex: try ChainVectors.string(file, "merkleRoot"))
        let txids = try #require(file["txids"] as? [String]).map { text in try Txid(displayHex: text) }
        #expect(try MerkleTree(txids: txids).root == root)
        let proofs = try ChainVectors.objects(file, "proofs")
        #expect(proofs.count == 5)
        for row in proofs {
            let txid = try Txid(displayHex: try ChainVectors.string(row, "txid"))
            let path = try MerklePath(hex: try ChainVectors.string(row, "bumpHex"))
            #expect(try decodePath(try ChainVectors.jsonData(try #require(row["bumpJSON"]))) == path)
            #expect(try path.computeRoot(txid: txid) == root)
            #expect(path.offset(of: txid) == UInt64(try ChainVectors.int(row, "index")))
            let tsc = try JSONDecoder().decode(TSCProof.self, from: try ChainVectors.jsonData(try #require(row["tsc"])))
            #expect(try MerklePath(tscProof: tsc, blockHeight: 125_632) == path)
            #expect(try path.tscProof(txid: txid, target: .merkleRoot(root)) == tsc)
        }
    }

    /// The real mainnet TSC proof of block 742198 converts to the derived BUMP, hex and JSON.
    @Test func block742198Conversion() throws {
        guard let file = try ChainVectors.object("merkle/tsc-proof.block742198.json") else { return }
        let source = try #require(file["source_tsc"] as? [String: Any])
        let root = try MerkleHash(displayHex: try ChainVectors.string(file, "merkleRoot"))
        let nodes = try #require(source["nodes"] as? [String]).map { text in
            TSCProof.Node.hash(try MerkleHash(displayHex: text))
        }
        let proof = try TSCProof(
            index: UInt64(try ChainVectors.int(source, "index")),
            txOrId: .txid(try Txid(displayHex: try ChainVectors.string(source, "txOrId"))),
            target: .merkleRoot(root), nodes: nodes)
        #expect(try proof.computeRoot() == root)
        let path = try MerklePath(tscProof: proof, blockHeight: 742_198)
        #expect(path.hex == (try ChainVectors.string(file, "bumpHex")))
        #expect(try decodePath(try ChainVectors.jsonData(try #require(file["bumpJSON"]))) == path)
        #expect(try path.tscProof(txid: proof.txid, target: .merkleRoot(root)) == proof)
    }
}
