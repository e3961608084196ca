public import HFBundles
public import HFPrimitives
public import HFWallet

/// `send --request`: the recipients of a `.hfpayreq` that the watcher resolved from a paymail.
///
/// Only P2PKH outputs are paid (the transaction builder pays addresses); a request with any other script is
/// refused before anything is planned or signed. The outputs keep the request's order and amounts.
public enum PaymentRequestPayment {
    /// Reads and decodes the `.hfpayreq` at `path` for `network`.
    /// - Throws: `SignerError.unreadable`, or `.rejected` for another kind of bundle or with the decoder's reason.
    public static func read(_ path: String, network: Network) throws(SignerError) -> PaymentRequestBundle {
        let bytes = try BundleFile.read(path)
        try SignerBundleGate.admit(bytes, as: .paymentRequest, source: path)
        do { return try PaymentRequestBundle(decoding: bytes, expectedNetwork: network) } catch {
            throw .rejected(reason: "\(path): \(error)")
        }
    }

    /// The recipients of `request`, one per output.
    /// - Throws: `SignerError.rejected` for an output that is not P2PKH on the request's network.
    public static func recipients(_ request: PaymentRequestBundle) throws(SignerError) -> [PaymentRecipient] {
        var recipients: [PaymentRecipient] = []
        for (index, output) in request.outputs.enumerated() {
            guard let address = Script(bytes: output.script).p2pkhAddress(network: request.network) else {
                throw .rejected(
                    reason: "output \(index) of the request for \(request.paymail) is not a P2PKH script; "
                        + "hf-signer pays P2PKH outputs only")
            }
            recipients.append(PaymentRecipient(address: address, satoshis: output.satoshis.satoshis))
        }
        return recipients
    }
}
