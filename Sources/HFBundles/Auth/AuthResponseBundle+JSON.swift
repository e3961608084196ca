import HFCrypto
public import HFPrimitives
import HFProtocols

extension AuthResponseBundle {
    /// Decodes and validates a `.hfauth` file. The signature is **not** verified here: call `verify()`.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, sizes), a
    ///   domain, callback or challenge that an `hfauth:` request could not hold (`.invalidAuthRequest`), a
    ///   key that is not a compressed point, or a signature that is not strict DER or is high-S.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        var reader = try BundleEnvelope.topLevel(bytes)
        try reader.readFormat(.authResponse)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let domain = try reader.field("domain").text(maxBytes: 253)
        let callback = try reader.field("callback").text(maxBytes: AuthRequest.maxCallbackBytes)
        let challengeField = try reader.field("challenge")
        guard let challenge = Base64URL.decode(try challengeField.text(maxBytes: 128)) else {
            throw .invalidValue(path: challengeField.path.text, allowed: ["unpadded base64url"])
        }
        let request: AuthRequest
        do { request = try AuthRequest(challenge: challenge, domain: domain, callback: callback) } catch {
            throw .invalidAuthRequest(error)
        }
        guard request.domain == domain else { throw .invalidValue(path: "domain", allowed: ["lower case"]) }
        let identityKey = try reader.field("identityKey").publicKey()
        let createdAt = try reader.field("createdAt").timestamp()
        let signatureField = try reader.field("signature")
        let der = try signatureField.hexBytes(maxBytes: 72)
        let signature: ECDSASignature
        do { signature = try ECDSASignature(derRepresentation: der) } catch {
            throw .invalidSignatureEncoding(path: signatureField.path.text)
        }
        try reader.finish()
        guard signature.isLowS else { throw .highSSignature(path: signatureField.path.text) }
        try self.init(
            network: network, request: request, identityKey: identityKey, createdAt: createdAt, signature: signature)
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.authResponse, network: network)
        members["domain"] = .string(request.domain)
        members["callback"] = .string(request.callback)
        members["challenge"] = .string(Base64URL.encode(request.challenge))
        members["identityKey"] = .string(identityKey.compressed.hex)
        members["createdAt"] = .string(createdAt.text)
        members["signature"] = .string(signature.derRepresentation.hex)
        return JSONValue.object(members).canonicalBytes
    }
}
