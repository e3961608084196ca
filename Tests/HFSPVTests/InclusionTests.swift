import Foundation
import HFPrimitives
import HFTestSupport
import Testing
@testable import HFSPV

/// Receipt verification against a genesis-rooted chain of real early mainnet headers, with real block-170 data.
@Suite struct InclusionTests {
    struct Fixture {
        let chain: HeaderChain
        let headers: [BlockHeader]
        let rawTransactions: [String: [UInt8]]  // txid display hex → raw
        let proofs: [[String: Any]]
    }

    static func fixture(tip: Int = 200) throws -> Fixture? {
        guard let headers = try SPVFixtures.earlyMainnet(),
            let txs = try Vectors.json("chain/blocks/transactions.json") as? [String: Any],
            let proofFile = try Vectors.json("chain/proofs/tsc-merkle-proofs.json") as? [String: Any]
        else { return nil }
        let chain = try HeaderChain(checkpoint: Checkpoint(network: .main, height: 0, headers: [headers[0]]))
        try chain.commitValidatedRun(startHeight: 1, headers: Array(headers[1...tip]))
        var raw: [String: [UInt8]] = [:]
        for tx in txs["transactions"] as! [[String: Any]] {
            raw[tx["txid"] as! String] = TestHex.decode(tx["hex"] as! String)
        }
        return Fixture(chain: chain, headers: headers, rawTransactions: raw, proofs: proofFile["proofs"] as! [[String: Any]])
    }

    /// The claim for transaction 1 of block 170 (f4184fc5…, the first non-coinbase transaction) with the vector
    /// file's proof of the given target type, or for the coinbase (index 0) with a proof built from transaction 1.
    static func claim170(_ f: Fixture, index: UInt64, targetType: String = "hash") throws -> InclusionClaim {
        let entry = f.proofs.first {
            $0["blockHeight"] as? Int == 170 && ($0["targetType"] as? String ?? "hash") == targetType
        }!
        let proofJSON = entry.filter { ["index", "txOrId", "targetType", "target", "nodes"].contains($0.key) }
        var proof = try JSONDecoder().decode(TSCProof.self, from: JSONSerialization.data(withJSONObject: proofJSON))
        var txidHex = entry["txOrId"] as! String
        if index == 0 {
            txidHex = "b1fea52486ce0c62bb442b530a3f0132b826c74e473d1f2c220bfa78111c5082"
            proof = try TSCProof(
                index: 0, txOrId: .txid(Txid(displayHex: txidHex)), target: proof.target,
                nodes: [.hash(MerkleHash(proof.txid))])
        }
        return InclusionClaim(
            txid: try Txid(displayHex: txidHex), rawTransaction: f.rawTransactions[txidHex]!, blockHeight: 170,
            blockHash: f.headers[170].hash, header: f.headers[170], proof: proof)
    }

    @Test func bothTransactionsOfBlock170AreVerified() throws {
        guard let f = try Self.fixture() else { return }
        for targetType in ["hash", "header", "merkleRoot"] {
            #expect(f.chain.verifyInclusion(try Self.claim170(f, index: 1, targetType: targetType)) == .verified)
        }
        #expect(f.chain.verifyInclusion(try Self.claim170(f, index: 0)) == .verified)
    }

    @Test func alteredRawTransactionIsATxidMismatch() throws {
        guard let f = try Self.fixture() else { return }
        let good = try Self.claim170(f, index: 1)
        var raw = good.rawTransaction
        raw[10] ^= 0x01
        let claim = InclusionClaim(
            txid: good.txid, rawTransaction: raw, blockHeight: 170, blockHash: good.blockHash, header: good.header,
            proof: good.proof)
        #expect(f.chain.verifyInclusion(claim) == .txidMismatch)
    }

    @Test func headerNotHashingToTheBlockHashIsAHeaderMismatch() throws {
        guard let f = try Self.fixture() else { return }
        let good = try Self.claim170(f, index: 0)
        let claim = InclusionClaim(
            txid: good.txid, rawTransaction: good.rawTransaction, blockHeight: 170, blockHash: f.headers[171].hash,
            header: good.header, proof: good.proof)
        #expect(f.chain.verifyInclusion(claim) == .headerMismatch)
    }

    /// A self-consistent forged header (same merkle root, other nonce) is not the local header at 170.
    @Test func forgedHeaderDiffersFromTheLocalChain() throws {
        guard let f = try Self.fixture() else { return }
        let good = try Self.claim170(f, index: 1)
        let real = good.header
        let forged = BlockHeader(
            version: real.version, previousBlockHash: real.previousBlockHash, merkleRoot: real.merkleRoot,
            time: real.time, bits: real.bits, nonce: real.nonce &+ 1)
        let proof = try TSCProof(
            index: good.proof.index, txOrId: good.proof.txOrId, target: .blockHash(forged.hash), nodes: good.proof.nodes)
        let claim = InclusionClaim(
            txid: good.txid, rawTransaction: good.rawTransaction, blockHeight: 170, blockHash: forged.hash,
            header: forged, proof: proof)
        #expect(f.chain.verifyInclusion(claim) == .headerMismatch)
    }

    @Test func receiptAboveTheTipIsBlockHeaderNotFound() throws {
        guard let f = try Self.fixture(tip: 169) else { return }
        #expect(f.chain.verifyInclusion(try Self.claim170(f, index: 1)) == .blockHeaderNotFound)
    }

    @Test func alteredNodeIsProofInvalid() throws {
        guard let f = try Self.fixture() else { return }
        let good = try Self.claim170(f, index: 1)
        guard case .hash(let sibling) = good.proof.nodes[0] else { Issue.record("expected a hash node"); return }
        var bytes = sibling.internalBytes
        bytes[0] ^= 0x80
        let proof = try TSCProof(
            index: 1, txOrId: good.proof.txOrId, target: good.proof.target, nodes: [.hash(try MerkleHash(internalBytes: bytes))])
        let claim = InclusionClaim(
            txid: good.txid, rawTransaction: good.rawTransaction, blockHeight: 170, blockHash: good.blockHash,
            header: good.header, proof: proof)
        #expect(f.chain.verifyInclusion(claim) == .proofInvalid)
    }

    /// CVE-2012-2459: a right-hand node whose sibling equals the working hash (a duplicated subtree) is refused.
    @Test func duplicatedSubtreeProofIsInvalid() throws {
        guard let f = try Self.fixture() else { return }
        let good = try Self.claim170(f, index: 1)
        let proof = try TSCProof(
            index: 1, txOrId: good.proof.txOrId, target: good.proof.target, nodes: [.hash(MerkleHash(good.txid))])
        let claim = InclusionClaim(
            txid: good.txid, rawTransaction: good.rawTransaction, blockHeight: 170, blockHash: good.blockHash,
            header: good.header, proof: proof)
        #expect(f.chain.verifyInclusion(claim) == .proofInvalid)
    }
}
