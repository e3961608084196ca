public import HFCrypto
import HFPrimitives

/// What an `hfauth` response signs: the domain, the callback and the challenge together, so that a signature made
/// for one service (or one callback) proves nothing to another.
///
/// Preimage: ASCII `HFAUTH` ‖ u8 1 ‖ varstr(domain) ‖ varstr(callback) ‖ varstr(challenge), where `varstr` is a
/// CompactSize byte length followed by the bytes (UTF-8 for text). The identity key signs `SHA-256(preimage)` with
/// ECDSA (RFC 6979, low-S), and the signature travels as strict DER.
public struct AuthMessage: Hashable, Sendable {
    /// The ASCII tag at the start of the preimage.
    public static let tag = "HFAUTH"

    /// The service's host name, lower case.
    public let domain: String
    /// The callback URL, exactly as in the request.
    public let callback: String
    /// The challenge bytes.
    public let challenge: [UInt8]

    /// A message from its parts.
    public init(domain: String, callback: String, challenge: [UInt8]) {
        self.domain = domain
        self.callback = callback
        self.challenge = challenge
    }

    /// The exact bytes whose SHA-256 is signed.
    public var preimage: [UInt8] {
        var writer = ByteWriter()
        writer.appendBytes(Self.tag.utf8)
        writer.appendUInt8(1)
        writer.appendVarBytes(Array(domain.utf8))
        writer.appendVarBytes(Array(callback.utf8))
        writer.appendVarBytes(challenge)
        return writer.bytes
    }

    /// `SHA-256(preimage)`.
    public var digest: [UInt8] { Hash.sha256(preimage) }

    /// Whether `signature` (low-S) by `key` verifies over `digest`.
    public func isValid(_ signature: ECDSASignature, by key: PublicKey) -> Bool {
        key.isValidSignature(signature, forDigest: digest)
    }
}
