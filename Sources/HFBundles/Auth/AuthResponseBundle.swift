public import HFCrypto
public import HFPrimitives
public import HFProtocols

/// A `.hfauth` bundle: the signer's answer to an `hfauth:` request (signer → watcher → the service's callback).
///
/// ```
/// {"format":"hfauth","version":1,"network":"main","domain":"example.com",
///  "callback":"https://example.com/login/cb","challenge":"<base64url>","identityKey":"<66 hex>",
///  "createdAt":"<RFC 3339>","signature":"<DER hex>"}
/// ```
///
/// `signature` is ECDSA by the wallet's identity key (`m/13'/0'`) over `AuthMessage(domain, callback,
/// challenge).digest`. Decoding checks the structure (the request rules of `AuthRequest`, a compressed key, a
/// strict-DER low-S signature) but not the signature: call `verify()`.
public struct AuthResponseBundle: Hashable, Sendable {
    /// The network of the wallet that answered.
    public let network: Network
    /// The request answered.
    public let request: AuthRequest
    /// The wallet's identity public key.
    public let identityKey: PublicKey
    /// When the signer approved.
    public let createdAt: RFC3339Timestamp
    /// The identity key's signature over `request.message.digest` (low-S).
    public let signature: ECDSASignature

    /// A response from its parts (the signature is not verified here).
    /// - Throws: `BundleError.highSSignature` for a high-S signature.
    public init(
        network: Network, request: AuthRequest, identityKey: PublicKey, createdAt: RFC3339Timestamp,
        signature: ECDSASignature
    ) throws(BundleError) {
        guard signature.isLowS else { throw .highSSignature(path: "signature") }
        self.network = network
        self.request = request
        self.identityKey = identityKey
        self.createdAt = createdAt
        self.signature = signature
    }

    /// Approves `request`: signs its message with the identity private key.
    public static func approving(
        _ request: AuthRequest, network: Network, identityKey privateKey: PrivateKey, createdAt: RFC3339Timestamp
    ) -> AuthResponseBundle {
        do {
            let signature = try privateKey.signature(forDigest: request.message.digest)
            return try AuthResponseBundle(
                network: network, request: request, identityKey: privateKey.publicKey, createdAt: createdAt,
                signature: signature)
        } catch {
            preconditionFailure("signing a 32-byte digest gives a low-S signature: \(error)")
        }
    }

    /// The identity key as 66 hex digits.
    public var identityKeyHex: String { identityKey.compressed.hex }

    /// Whether the signature verifies with `identityKey` over the request's message.
    public func verifySignature() -> Bool { request.message.isValid(signature, by: identityKey) }

    /// Verifies the signature.
    /// - Throws: `BundleError.signatureInvalid` when it does not verify.
    public func verify() throws(BundleError) {
        guard verifySignature() else { throw .signatureInvalid }
    }
}
