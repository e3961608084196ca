public import HFPrimitives

/// What a receipt claims: a transaction, the block it is in, and a merkle proof. Nothing in it is trusted.
public struct InclusionClaim: Sendable {
    /// The claimed txid.
    public let txid: Txid
    /// The serialized transaction.
    public let rawTransaction: [UInt8]
    /// The claimed block height.
    public let blockHeight: Int
    /// The claimed block hash.
    public let blockHash: BlockHash
    /// The claimed block header.
    public let header: BlockHeader
    /// The TSC merkle proof of the transaction in that block.
    public let proof: TSCProof

    /// A claim from its parts.
    public init(
        txid: Txid, rawTransaction: [UInt8], blockHeight: Int, blockHash: BlockHash, header: BlockHeader,
        proof: TSCProof
    ) {
        self.txid = txid
        self.rawTransaction = rawTransaction
        self.blockHeight = blockHeight
        self.blockHash = blockHash
        self.header = header
        self.proof = proof
    }
}
