public import HFBundles
public import HFSPV

/// The SPV part of receipt verification (no ownership check): the claim of an `.hfreceipt` against the local chain.
public enum ReceiptCheck {
    /// The verdict for `receipt` against `chain`.
    public static func verdict(_ receipt: ReceiptBundle, chain: HeaderChain) -> InclusionVerdict {
        chain.verifyInclusion(
            InclusionClaim(
                txid: receipt.txid, rawTransaction: receipt.rawTx, blockHeight: Int(receipt.blockHeight),
                blockHash: receipt.blockHash, header: receipt.header, proof: receipt.merkleProof))
    }
}
