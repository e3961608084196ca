/// The outcome of verifying that a transaction is in a block of the local chain. Distinct, never collapsed (docs/design.md §5).
public enum InclusionVerdict: String, Sendable, Equatable, CaseIterable {
    /// The transaction is in a block of the validated chain.
    case verified
    /// The local chain has no validated header at the claimed height (it may be above the tip): import headers first.
    case blockHeaderNotFound
    /// The merkle proof does not lead to the header's merkle root, or is malformed (e.g. a duplicated subtree).
    case proofInvalid
    /// The raw transaction does not hash to the claimed txid.
    case txidMismatch
    /// The "transaction" is 64 bytes: it could be an inner node of the merkle tree (two concatenated hashes), so no
    /// proof can show it was mined. Refused outright (``InclusionProofCheck``).
    case sixtyFourByteTransaction
    /// The claimed header does not hash to the claimed block hash, or differs from the local header at that height.
    case headerMismatch
    /// Verified, but nothing in it concerns this wallet. Only the signer's façade returns it (ownership is not SPV's).
    case notOurs

    /// A sentence for an `error:` line or a report.
    public var explanation: String {
        switch self {
        case .verified: "the transaction is in a block of the validated header chain"
        case .blockHeaderNotFound:
            "the local chain has no validated header at that height; import newer headers and try again"
        case .proofInvalid: "the merkle proof does not lead to the block's merkle root"
        case .txidMismatch: "the raw transaction does not hash to the claimed txid"
        case .sixtyFourByteTransaction:
            "the raw transaction is 64 bytes, which may be an inner node of the merkle tree rather than a "
                + "transaction; 64-byte transactions are never accepted as proven"
        case .headerMismatch: "the block header does not match the claimed block hash or the local chain"
        case .notOurs: "the transaction neither pays nor spends anything of this wallet"
        }
    }
}
