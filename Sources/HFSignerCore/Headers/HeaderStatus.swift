import HFPrimitives
public import HFSPV

/// `hf-signer headers status`: where the checkpoint is and how far the validated chain reaches.
public struct HeaderStatus: Encodable, Sendable, Equatable {
    public let network: String
    public let checkpointHeight: Int
    public let checkpointHash: String
    public let validatedTipHeight: Int
    public let validatedTipHash: String

    /// The status of `chain`.
    public init(_ chain: HeaderChain) {
        network = chain.network.rawValue
        checkpointHeight = chain.checkpoint.height
        checkpointHash = chain.checkpoint.hash.displayHex
        validatedTipHeight = chain.validatedTipHeight
        validatedTipHash = chain.validatedTipHash.displayHex
    }
}
