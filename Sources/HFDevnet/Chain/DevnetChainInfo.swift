public import HFPrimitives

/// The chain summary WhatsOnChain returns from `GET /chain/info`.
public struct DevnetChainInfo: Hashable, Sendable {
    /// The network name, `"regtest"` (WhatsOnChain's `chain`).
    public let chain: String
    /// The tip height (`blocks`; also `headers`, since the devnet has no headers without blocks).
    public let blocks: Int
    /// The hash of the tip (`bestblockhash`).
    public let bestBlockHash: BlockHash
    /// The tip's difficulty (`difficulty`), about 4.66e-10 for regtest's bits.
    public let difficulty: Double
    /// The median time of the last 11 blocks (`mediantime`).
    public let medianTime: UInt32
    /// The total work of the chain (`chainwork`).
    public let chainwork: UInt256

    /// A summary from its fields.
    public init(
        chain: String, blocks: Int, bestBlockHash: BlockHash, difficulty: Double, medianTime: UInt32,
        chainwork: UInt256
    ) {
        self.chain = chain
        self.blocks = blocks
        self.bestBlockHash = bestBlockHash
        self.difficulty = difficulty
        self.medianTime = medianTime
        self.chainwork = chainwork
    }

    /// The header count (`headers`), equal to `blocks`.
    public var headers: Int { blocks }

    /// `chainwork` as 64 lower-case hex digits, as WhatsOnChain writes it.
    public var chainworkHex: String { chainwork.hex }
}
