public import HFCrypto
public import HFPrimitives
public import HFProtocols

/// A `.hfpayreq` bundle: what `hf-watcher paymail resolve` learnt from a paymail host, for `hf-signer send
/// --request` to pay (watcher → signer).
///
/// ```
/// {"format":"hfpayreq","version":1,"network":"main","paymail":"alice@example.com","pubkey":"<66 hex>",
///  "outputs":[{"script":"<hex>","satoshis":10000}, ...],"reference":"<text>","createdAt":"<RFC 3339>"}
/// ```
///
/// The bundle is not signed: the watcher holds no keys, and the outputs are only as trustworthy as the paymail host
/// that the watcher asked over HTTPS. The signer therefore shows the paymail, the amount and every output's address
/// and asks for confirmation, as for a typed address.
public struct PaymentRequestBundle: Hashable, Sendable {
    /// The network.
    public let network: Network
    /// The paymail that was resolved.
    public let paymail: PaymailAddress
    /// The receiver's public key from the host's `pki` capability.
    public let pubkey: PublicKey
    /// The outputs to pay, in order; 1…100.
    public let outputs: [PaymentRequestOutput]
    /// The host's reference for this payment (to quote when the transaction is delivered), 1…256 bytes.
    public let reference: String
    /// When the watcher resolved the paymail.
    public let createdAt: RFC3339Timestamp

    /// A request.
    /// - Throws: `BundleError.countOutOfRange` (path `outputs`), `.outOfRange` (path `outputs`) when the total
    ///   exceeds 21 million BSV, `.emptyValue`/`.overLimit`/`.invalidText` (path `reference`).
    public init(
        network: Network, paymail: PaymailAddress, pubkey: PublicKey, outputs: [PaymentRequestOutput],
        reference: String, createdAt: RFC3339Timestamp
    ) throws(BundleError) {
        guard BundleLimits.paymentRequestOutputCount.contains(outputs.count) else {
            throw .countOutOfRange(
                path: "outputs", count: outputs.count, allowed: BundleLimits.paymentRequestOutputCount)
        }
        var total: UInt64 = 0
        for output in outputs {
            total += output.satoshis.satoshis
            guard total <= Amount.maxMoney else { throw .outOfRange(path: "outputs", allowed: 1...Int64(Amount.maxMoney)) }
        }
        guard !reference.isEmpty else { throw .emptyValue(path: "reference") }
        guard reference.utf8.count <= BundleLimits.maxPaymentReferenceBytes else {
            throw .overLimit(path: "reference", limit: BundleLimits.maxPaymentReferenceBytes)
        }
        guard !reference.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f }) else { throw .invalidText(path: "reference") }
        self.network = network
        self.paymail = paymail
        self.pubkey = pubkey
        self.outputs = outputs
        self.reference = reference
        self.createdAt = createdAt
    }

    /// The receiver's public key as 66 hex digits.
    public var pubkeyHex: String { pubkey.compressed.hex }

    /// The sum of the outputs.
    public var totalSatoshis: UInt64 { outputs.reduce(0) { $0 + $1.satoshis.satoshis } }
}
