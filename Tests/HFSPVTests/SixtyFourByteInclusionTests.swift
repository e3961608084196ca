import HFPrimitives
import HFTestSupport
import Testing
@testable import HFSPV

/// The known merkle weakness (issue 14): block 170's two txids, concatenated, are 64 bytes that hash to the block's
/// merkle root, an inner node of its tree. Offered as a "transaction" with an empty proof at index 0, every hash
/// check passes; the inclusion check must refuse it by its length.
@Suite struct SixtyFourByteInclusionTests {
    /// The forged claim: raw = txid(coinbase) ‖ txid(1) in internal byte order, txid = hash256(raw) = merkle root.
    static func innerNodeClaim(_ f: InclusionTests.Fixture) throws -> InclusionClaim {
        let coinbase = try Txid(displayHex: "b1fea52486ce0c62bb442b530a3f0132b826c74e473d1f2c220bfa78111c5082")
        let spend = try Txid(displayHex: "f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16")
        let raw = coinbase.internalBytes + spend.internalBytes
        let txid = Txid(hashing: raw)
        let header = f.headers[170]
        #expect(MerkleHash(txid) == header.merkleRoot, "the 64 bytes hash to block 170's merkle root")
        let proof = try TSCProof(index: 0, txOrId: .txid(txid), target: .blockHash(header.hash), nodes: [])
        return InclusionClaim(
            txid: txid, rawTransaction: raw, blockHeight: 170, blockHash: header.hash, header: header, proof: proof)
    }

    @Test func twoConcatenatedTxidsOfBlock170AreRefused() throws {
        guard let f = try InclusionTests.fixture() else { return }
        let claim = try Self.innerNodeClaim(f)
        #expect(claim.rawTransaction.count == 64)
        // The proof itself is sound: without the length rule this would be "verified".
        #expect(throws: Never.self) { try claim.proof.verify(txid: claim.txid, header: claim.header) }
        #expect(f.chain.verifyInclusion(claim) == .sixtyFourByteTransaction)
        #expect(
            InclusionProofCheck.verdict(
                rawTransaction: claim.rawTransaction, txid: claim.txid, proof: claim.proof, header: claim.header)
                == .sixtyFourByteTransaction)
    }

    @Test func theLengthRuleComesFirstAndOnlyCatchesSixtyFourBytes() throws {
        guard let f = try InclusionTests.fixture() else { return }
        let claim = try Self.innerNodeClaim(f)
        // Even with a wrong txid the verdict names the length (the refusal does not depend on anything else).
        let other = InclusionClaim(
            txid: claim.proof.txid == claim.txid ? Txid(hashing: [1]) : claim.txid, rawTransaction: claim.rawTransaction,
            blockHeight: 170, blockHash: claim.blockHash, header: claim.header, proof: claim.proof)
        #expect(f.chain.verifyInclusion(other) == .sixtyFourByteTransaction)
        for length in [63, 65] {
            #expect(!InclusionProofCheck.isSixtyFourByteTransaction([UInt8](repeating: 0, count: length)))
        }
        #expect(InclusionProofCheck.isSixtyFourByteTransaction([UInt8](repeating: 0, count: 64)))
        // A real transaction of the same block still verifies through the shared check.
        let real = try InclusionTests.claim170(f, index: 1)
        #expect(
            InclusionProofCheck.verdict(
                rawTransaction: real.rawTransaction, txid: real.txid, proof: real.proof, header: real.header) == .verified)
        #expect(InclusionVerdict.sixtyFourByteTransaction.rawValue == "sixtyFourByteTransaction")
        #expect(InclusionVerdict.sixtyFourByteTransaction.explanation.contains("64 bytes"))
    }
}
