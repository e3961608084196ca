import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Decodes a TSC proof from a JSON object.
func decodeTSC(_ object: Any) throws -> TSCProof {
    try JSONDecoder().decode(TSCProof.self, from: try ChainVectors.jsonData(object))
}

@Suite struct TSCProofTests {
    /// `chain/proofs/tsc-merkle-proofs.json`: 42 proofs (14 txids × 3 target types) decode, give the header's root,
    /// verify against the real header, and round trip through JSON and binary.
    @Test func chainProofs() throws {
        guard let file = try ChainVectors.object("chain/proofs/tsc-merkle-proofs.json"),
            let blocks = try ChainVectors.blocks()
        else { return }
        let headers = Dictionary(uniqueKeysWithValues: blocks.map { ($0.height, $0.header) })
        let rows = try ChainVectors.objects(file, "proofs")
        #expect(rows.count == 42)
        var kinds: [String: Int] = [:]
        for row in rows {
            // blockHeight, txCount and origin are the vector's annotations, not TSC fields.
            let height = try ChainVectors.int(row, "blockHeight")
            let proof = try decodeTSC(row.filter { !["blockHeight", "txCount", "origin"].contains($0.key) })
            let header = try #require(headers[height])
            #expect(proof.index == UInt64(try ChainVectors.int(row, "index")))
            #expect(try proof.computeRoot() == header.merkleRoot, "block \(height) index \(proof.index)")
            try proof.verify(txid: proof.txid, header: header)
            #expect(try JSONDecoder().decode(TSCProof.self, from: JSONEncoder().encode(proof)) == proof)
            #expect(try TSCProof(serialized: proof.serialized) == proof)
            kinds[try ChainVectors.string(row, "targetType"), default: 0] += 1
        }
        #expect(kinds == ["header": 14, "hash": 14, "merkleRoot": 14])
    }

    /// go-bc's JSON ↔ binary vectors: the binary decodes to the JSON's proof and re-encodes byte for byte, and
    /// test1's root is its header's merkle root.
    @Test func goBCVectors() throws {
        guard let file = try ChainVectors.object("merkle/tsc-proof.go-bc.json") else { return }
        let cases = try ChainVectors.objects(file, "cases")
        #expect(cases.count == 2)
        for row in cases {
            let proof = try decodeTSC(try #require(row["json"]))
            let binary = try [UInt8](hex: try ChainVectors.string(row, "binaryHex"))
            #expect(try TSCProof(serialized: binary) == proof)
            #expect(proof.serialized == binary)
            if let headerHex = row["blockHeaderHex"] as? String {
                let header = try BlockHeader(bytes: try [UInt8](hex: headerHex))
                #expect(try proof.computeRoot().displayHex == (try ChainVectors.string(row, "computedMerkleRoot")))
                try proof.verify(txid: proof.txid, header: header)
            }
        }
    }

    /// Block 125632: TSC proofs with one and two `"*"` nodes give the root.
    @Test func duplicateMarkers() throws {
        guard let file = try ChainVectors.object("merkle/block125632.tsc-and-bump.json") else { return }
        let root = try ChainVectors.string(file, "merkleRoot")
        var stars = 0
        for row in try ChainVectors.objects(file, "proofs") {
            let proof = try decodeTSC(try #require(row["tsc"]))
            #expect(try proof.computeRoot().displayHex == root)
            stars += proof.nodes.filter { $0 == .duplicate }.count
        }
        #expect(stars == 3)
    }

    /// A proof carrying the whole transaction: its txid is the transaction's hash, and JSON and binary keep it.
    @Test func fullTransaction() throws {
        guard let file = try ChainVectors.object("chain/blocks/transactions.json"),
            let block = try ChainVectors.block(height: 170)
        else { return }
        let row = try #require(
            try ChainVectors.objects(file, "transactions").first {
                ($0["txid"] as? String)?.hasPrefix("f4184fc5") == true
            })
        let raw = try [UInt8](hex: try ChainVectors.string(row, "hex"))
        let tree = try MerkleTree(txids: block.txids)
        let proof = try TSCProof(
            index: 1, txOrId: .transaction(raw), target: .blockHash(block.header.hash), nodes: tree.branch(index: 1))
        #expect(proof.txid.displayHex == (try ChainVectors.string(row, "txid")))
        try proof.verify(txid: proof.txid, header: block.header)
        #expect(proof.serialized[0] == 0x01)
        #expect(try TSCProof(serialized: proof.serialized) == proof)
        let json = try JSONEncoder().encode(proof)
        #expect(try JSONDecoder().decode(TSCProof.self, from: json) == proof)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["txOrId"] as? String == Hex.encode(raw))
        #expect(object["targetType"] == nil)
    }

    /// The JSON writer: targetType only when not "hash", lower-case hex, "*" for duplicates; the reader accepts
    /// the node RPC's "merkleroot", upper-case hex, and proofType "branch" / composite false.
    @Test func jsonShape() throws {
        let txid = String(repeating: "ab", count: 32)
        let node = String(repeating: "cd", count: 32)
        let proof = try decodeTSC([
            "index": 2, "txOrId": txid.uppercased(), "targetType": "merkleroot", "target": node, "nodes": ["*", node],
            "proofType": "branch", "composite": false,
        ])
        #expect(proof.nodes == [.duplicate, .hash(try MerkleHash(displayHex: node))])
        #expect(proof.target == .merkleRoot(try MerkleHash(displayHex: node)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(proof), as: UTF8.self)
        let expected =
            #"{"index":2,"nodes":["*","\#(node)"],"target":"\#(node)","#
            + #""targetType":"merkleRoot","txOrId":"\#(txid)"}"#
        #expect(text == expected)
    }
}
