import HFPrimitives

extension HeaderChain {
    /// Verifies a claim against this chain, in the order of DESIGN §4: the transaction hashes to the txid, the header
    /// to the block hash, the proof (with the duplicate-subtree guard) to the header's merkle root and names that
    /// block; then the local header at the claimed height must exist inside `[checkpoint, validatedTip]` and equal the
    /// claimed one. Nothing is fetched or assumed.
    ///
    /// - Returns: the first failing verdict, or `.verified`.
    public func verifyInclusion(_ claim: InclusionClaim) -> InclusionVerdict {
        guard Txid(hashing: claim.rawTransaction) == claim.txid else { return .txidMismatch }
        guard claim.header.hash == claim.blockHash else { return .headerMismatch }
        do { try claim.proof.verify(txid: claim.txid, header: claim.header) } catch { return .proofInvalid }
        guard let local = header(at: claim.blockHeight) else { return .blockHeaderNotFound }
        guard local == claim.header else { return .headerMismatch }
        return .verified
    }
}
