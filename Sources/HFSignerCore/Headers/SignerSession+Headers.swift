public import HFBundles
public import HFSPV

extension SignerSession {
    /// The checkpoint and validated tip of the session's chain (`headers status`).
    public func headerStatus() throws(SignerError) -> HeaderStatus { HeaderStatus(try chain()) }

    /// The SPV verdict of a receipt against the session's chain, without storing anything (`receipt verify`).
    public func verifyReceipt(_ bytes: [UInt8]) throws(SignerError) -> (receipt: ReceiptBundle, verdict: InclusionVerdict) {
        let receipt: ReceiptBundle
        do { receipt = try ReceiptBundle(decoding: bytes, expectedNetwork: network) } catch { throw .bundle(error) }
        return (receipt, ReceiptCheck.verdict(receipt, chain: try chain()))
    }
}
