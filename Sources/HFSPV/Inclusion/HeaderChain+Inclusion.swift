import HFPrimitives

extension HeaderChain {
    /// Verifies a claim against this chain, in the order of docs/design.md §4: a 64-byte transaction is refused outright
    /// (``InclusionProofCheck``); the transaction hashes to the txid, the header to the block hash, the proof (with
    /// the duplicate-subtree guard) to the header's merkle root and names that block; then the local header at the claimed height must exist inside `[checkpoint, validatedTip]` and equal the
    /// claimed one. Nothing is fetched or assumed.
    ///
    /// - Returns: the first failing verdict, or `.verified`.
    public func verifyInclusion(_ claim: InclusionClaim) -> InclusionVerdict {
        let proven = InclusionProofCheck.verdict(
            rawTransaction: claim.rawTransaction, txid: claim.txid, proof: claim.proof, header: claim.header)
        if proven == .sixtyFourByteTransaction || proven == .txidMismatch { return proven }
        guard claim.header.hash == claim.blockHash else { return .headerMismatch }
        guard proven == .verified else { return proven }
        guard let local = header(at: claim.blockHeight) else { return .blockHeaderNotFound }
        guard local == claim.header else { return .headerMismatch }
        return .verified
    }
}
