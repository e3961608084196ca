public import HFPrimitives

/// The answer to "prove this transaction" (WhatsOnChain `GET /tx/{txid}/proof/tsc`).
public enum DevnetProofLookup: Hashable, Sendable {
    /// The devnet has never seen the txid (WhatsOnChain: 404).
    case unknown
    /// In the mempool, not mined yet (WhatsOnChain: 200 with an empty body).
    case unconfirmed
    /// Mined: the TSC proof (index, `txOrId` = the txid, target = the block hash, `.duplicate` nodes for `"*"`) and
    /// where the block is.
    case confirmed(TSCProof, DevnetConfirmation)
}
