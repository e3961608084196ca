import HFCrypto
public import HFPrimitives
import HFProtocols

extension PaymentRequestBundle {
    /// Decodes and validates a `.hfpayreq` file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, hex, sizes), a
    ///   paymail that is not `alias@domain` (`.invalidValue`), a public key that is not a compressed point, an output
    ///   with an empty script or no satoshis, or a total over 21 million BSV.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        var reader = try BundleEnvelope.topLevel(bytes)
        try reader.readFormat(.paymentRequest)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let paymailField = try reader.field("paymail")
        let paymail: PaymailAddress
        do { paymail = try PaymailAddress(try paymailField.string()) } catch {
            throw .invalidValue(path: paymailField.path.text, allowed: ["alias@domain"])
        }
        let pubkey = try reader.field("pubkey").publicKey()
        var outputs: [PaymentRequestOutput] = []
        for outputField in try reader.field("outputs").array(count: BundleLimits.paymentRequestOutputCount) {
            outputs.append(try Self.output(outputField))
        }
        let reference = try reader.field("reference").text(maxBytes: BundleLimits.maxPaymentReferenceBytes)
        let createdAt = try reader.field("createdAt").timestamp()
        try reader.finish()
        try self.init(
            network: network, paymail: paymail, pubkey: pubkey, outputs: outputs, reference: reference,
            createdAt: createdAt)
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.paymentRequest, network: network)
        members["paymail"] = .string(paymail.text)
        members["pubkey"] = .string(pubkey.compressed.hex)
        members["outputs"] = .array(
            outputs.map { .object(["script": .string($0.script.hex), "satoshis": .integer($0.satoshis.satoshis)]) })
        members["reference"] = .string(reference)
        members["createdAt"] = .string(createdAt.text)
        return JSONValue.object(members).canonicalBytes
    }

    /// Reads one `outputs` element.
    private static func output(_ field: JSONField) throws(BundleError) -> PaymentRequestOutput {
        var reader = try field.object()
        let scriptField = try reader.field("script")
        let script = try scriptField.hexBytes(maxBytes: BundleLimits.maxPaymentScriptBytes)
        guard !script.isEmpty else { throw .emptyValue(path: scriptField.path.text) }
        let satoshis = try reader.field("satoshis").integer(in: 1...Amount.maxMoney)
        try reader.finish()
        do { return try PaymentRequestOutput(script: script, satoshis: satoshis) } catch {
            throw .outOfRange(path: field.path.appending("satoshis").text, allowed: 1...Int64(Amount.maxMoney))
        }
    }
}
