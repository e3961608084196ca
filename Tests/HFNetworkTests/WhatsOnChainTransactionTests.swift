import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

@Suite("WhatsOnChainClient: raw transactions and TSC proofs")
struct WhatsOnChainTransactionTests {
    /// A client of `stub` under `/v1/bsv/test`.
    func client(_ stub: StubServer) throws -> WhatsOnChainClient {
        try WhatsOnChainClient(baseURL: stub.url("/v1/bsv/test"), transport: fastTransport())
    }

    /// Three made-up txids and their merkle tree.
    static let txids = (0..<3).map { sampleTxid(UInt8($0 + 40)) }

    @Test("raw transaction: hex text checked against the txid; 404 is nil")
    func rawTransaction() async throws {
        let bytes = Array("not really a transaction, but bytes".utf8)
        let txid = Txid(hashing: bytes)
        let other = sampleTxid(9)
        let missing = sampleTxid(10)
        let stub = try StubServer(routes: [
            "GET /v1/bsv/test/tx/\(txid.displayHex)/hex": .text(bytes.hex + "\n"),
            "GET /v1/bsv/test/tx/\(other.displayHex)/hex": .text(bytes.hex),
            "GET /v1/bsv/test/tx/\(missing.displayHex)/hex": .text("Not Found", status: 404),
        ])
        let client = try client(stub)
        #expect(try await client.rawTransaction(txid) == bytes)
        #expect(try await client.rawTransaction(missing) == nil)
        let error = await #expect(throws: NetworkError.self) { try await client.rawTransaction(other) }
        #expect(String(describing: error).contains("does not hash to \(other)"))
    }

    /// The WhatsOnChain-style JSON of a proof: duplicates written in full.
    func proofJSON(index: Int, tree: MerkleTree, target: BlockHash, extra: String = "") throws -> String {
        let nodes = try tree.branch(index: index).enumerated().map { level, node -> String in
            switch node {
            case .hash(let hash): return hash.displayHex
            case .duplicate: return tree.levels[level][index >> level].displayHex
            }
        }
        let list = nodes.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            {"index":\(index),"txOrId":"\(Self.txids[index].displayHex)","target":"\(target.displayHex)",\
            "nodes":[\(list)]\(extra)}
            """
    }

    @Test("TSC proof: array or bare object; a full level-0 duplicate equal to the txid becomes \"*\"")
    func merkleProof() async throws {
        let tree = try MerkleTree(txids: Self.txids)
        let target = BlockHash(hashing: [7])
        let third = Self.txids[2]
        let first = Self.txids[0]
        let arrayBody = "[\(try proofJSON(index: 2, tree: tree, target: target, extra: #","unknownField":true"#))]"
        let stub = try StubServer(routes: [
            "GET /v1/bsv/test/tx/\(third.displayHex)/proof/tsc": json(arrayBody),
            "GET /v1/bsv/test/tx/\(first.displayHex)/proof/tsc": json(
                try proofJSON(index: 0, tree: tree, target: target)),
        ])
        let client = try client(stub)
        let proof = try #require(try await client.merkleProof(third))
        #expect(proof.index == 2)
        #expect(proof.nodes.first == .duplicate)
        #expect(proof.target == .blockHash(target))
        #expect(try proof.computeRoot() == tree.root)
        let bare = try #require(try await client.merkleProof(first))
        #expect(try bare.computeRoot() == tree.root)
        #expect(bare.nodes.first != .duplicate)
    }

    @Test("no proof yet: 404, an empty body, [] or null are nil")
    func noProof() async throws {
        let ids = (20..<24).map { sampleTxid(UInt8($0)) }
        let stub = try StubServer(routes: [
            "GET /v1/bsv/test/tx/\(ids[0].displayHex)/proof/tsc": .status(404),
            "GET /v1/bsv/test/tx/\(ids[1].displayHex)/proof/tsc": .text(""),
            "GET /v1/bsv/test/tx/\(ids[2].displayHex)/proof/tsc": json("[]"),
            "GET /v1/bsv/test/tx/\(ids[3].displayHex)/proof/tsc": json("null"),
        ])
        let client = try client(stub)
        for txid in ids { #expect(try await client.merkleProof(txid) == nil) }
    }

    @Test("a proof about another transaction, or with a duplicated right sibling (CVE-2012-2459), is refused")
    func badProofs() async throws {
        let tree = try MerkleTree(txids: Self.txids)
        let target = BlockHash(hashing: [7])
        let second = Self.txids[1]
        // Index 1 is a right child: a left sibling equal to itself is the duplicated-subtree pattern.
        let cve = """
            {"index":1,"txOrId":"\(second.displayHex)","target":"\(target.displayHex)",
             "nodes":["\(second.displayHex)","\(tree.levels[1][1].displayHex)"]}
            """
        let stub = try StubServer(routes: [
            "GET /v1/bsv/test/tx/\(Self.txids[2].displayHex)/proof/tsc": json(
                try proofJSON(index: 0, tree: tree, target: target)),
            "GET /v1/bsv/test/tx/\(second.displayHex)/proof/tsc": json(cve),
        ])
        let client = try client(stub)
        let other = await #expect(throws: NetworkError.self) { try await client.merkleProof(Self.txids[2]) }
        #expect(String(describing: other).contains("no proof in the reply is about"))
        let guarded = await #expect(throws: NetworkError.self) { try await client.merkleProof(second) }
        #expect(String(describing: guarded).contains("the TSC proof is invalid"))
    }
}
