import HFPrimitives
public import HFSPV

/// `hf-signer headers status`: where the checkpoint is, how far the validated chain reaches, and how far the tip is
/// past the checkpoint (a checkpoint far behind the tip is due for the release's maintenance).
public struct HeaderStatus: Encodable, Sendable, Equatable {
    public let network: String
    public let checkpointHeight: Int
    public let checkpointHash: String
    public let validatedTipHeight: Int
    public let validatedTipHash: String
    /// Blocks the validated tip is past the checkpoint (0 on a fresh home).
    public let blocksPastCheckpoint: Int

    /// The status of `chain`.
    public init(_ chain: HeaderChain) {
        network = chain.network.rawValue
        checkpointHeight = chain.checkpoint.height
        checkpointHash = chain.checkpoint.hash.displayHex
        validatedTipHeight = chain.validatedTipHeight
        validatedTipHash = chain.validatedTipHash.displayHex
        blocksPastCheckpoint = chain.validatedTipHeight - chain.checkpoint.height
    }
}
