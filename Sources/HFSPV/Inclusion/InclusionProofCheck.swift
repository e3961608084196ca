public import HFPrimitives

/// The checks of a transaction against a merkle proof and a header that every entry point shares (the signer's
/// receipts and BEEF, the watcher's sync and exports, the devnet's proofs), so none of them can forget one.
///
/// A 64-byte "transaction" is refused before anything else: its 64 bytes may be two concatenated hashes, and its
/// hash then an inner node of a real block's merkle tree, so a proof from that node "proves" a transaction that was
/// never mined (the known merkle-tree weakness). No real transaction of this wallet is 64 bytes.
public enum InclusionProofCheck {
    /// The serialized size that is never accepted as a transaction.
    public static let refusedTransactionLength = 64

    /// Whether `rawTransaction` has the refused length.
    public static func isSixtyFourByteTransaction(_ rawTransaction: [UInt8]) -> Bool {
        rawTransaction.count == refusedTransactionLength
    }

    /// Checks `rawTransaction` against `txid`, then `proof` from it to `header`'s merkle root.
    ///
    /// - Returns: `.sixtyFourByteTransaction`, `.txidMismatch`, `.proofInvalid`, or `.verified` (the proof leads to
    ///   the header; whether the header is in a validated chain is the caller's check).
    public static func verdict(
        rawTransaction: [UInt8], txid: Txid, proof: TSCProof, header: BlockHeader
    ) -> InclusionVerdict {
        guard !isSixtyFourByteTransaction(rawTransaction) else { return .sixtyFourByteTransaction }
        guard Txid(hashing: rawTransaction) == txid else { return .txidMismatch }
        do { try proof.verify(txid: txid, header: header) } catch { return .proofInvalid }
        return .verified
    }
}
