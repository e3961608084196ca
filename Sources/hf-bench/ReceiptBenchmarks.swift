import HFCrypto
import HFPrimitives
import HFSPV

/// Receipt verification (issue #3): the SPV part of a `.hfreceipt` import against the physical hashing it needs.
enum ReceiptBenchmarks {
    /// Verifications per run.
    static let count = 10_000
    /// Transactions in the benchmark block (a proof of 12 levels).
    static let blockSize = 4_000

    /// `receipts.verify`: verify 10,000 receipts (250-byte transactions in a 4,000-transaction regtest block) against
    /// a local chain; limit: the double SHA-256 of the same raw transaction, header and proof nodes.
    static let verify = BenchmarkCase(
        name: "receipt.verify",
        summary: "verify 10,000 receipts (tx hash, header hash, 12-level proof, chain lookup); limit: the same hashing"
    ) {
        var transactions: [[UInt8]] = []
        for index in 0..<blockSize {
            var tx = SecureRandom.bytes(250)
            tx[0] = UInt8(truncatingIfNeeded: index)
            transactions.append(tx)
        }
        let tree = try MerkleTree(txids: transactions.map(Txid.init(hashing:)))
        let genesis = Checkpoint.regtest.header
        var header = genesis
        var nonce: UInt32 = 0
        repeat {
            header = BlockHeader(
                version: 0x2000_0000, previousBlockHash: genesis.hash, merkleRoot: tree.root, time: genesis.time + 600,
                bits: 0x207f_ffff, nonce: nonce)
            nonce += 1
        } while !header.hasValidProofOfWork
        let chain = try HeaderChain(checkpoint: .regtest)
        try chain.commitValidatedRun(startHeight: 1, headers: [header])
        let claims = try (0..<count).map { offset in
            let index = offset % blockSize
            return InclusionClaim(
                txid: Txid(hashing: transactions[index]), rawTransaction: transactions[index], blockHeight: 1,
                blockHash: header.hash, header: header,
                proof: try tree.tscProof(index: index, target: .blockHash(header.hash)))
        }
        let seconds = measure {
            for claim in claims { precondition(chain.verifyInclusion(claim) == .verified) }
        }
        let headerBytes = header.serialized
        let nodeMessages = claims.map { claim in
            claim.proof.nodes.map { _ in [UInt8](repeating: 1, count: 64) }
        }
        let limit = measure {
            for (offset, claim) in claims.enumerated() {
                blackHole(Hash.hash256(claim.rawTransaction))
                blackHole(Hash.hash256(headerBytes))
                for message in nodeMessages[offset] { blackHole(Hash.hash256(message)) }
            }
        }
        return BenchmarkReport(name: "receipt.verify", n: count, seconds: seconds, limitSeconds: limit)
    }
}
