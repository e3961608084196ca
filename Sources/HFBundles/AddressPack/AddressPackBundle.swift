public import HFCrypto
public import HFPrimitives

/// A `.hfaddrpack` bundle: pre-derived addresses, signed by the wallet's identity key (docs/design.md §4).
///
/// Decoding checks the structure (fields, hex, sizes, addresses on the pack's network, the wallet ID matching the
/// identity key, a strict-DER low-S signature) but **not** the signature itself: call `verifySignature()` or
/// `verify()` as a separate, explicit step. Even a valid signature only proves the pack is from whoever holds the
/// identity key; whether that key is trusted for the wallet is the watcher's decision (`--trust-identity`).
public struct AddressPackBundle: Hashable, Sendable {
    /// Everything that is signed.
    public let contents: UnsignedAddressPack
    /// The identity key's signature over `contents.digest` (low-S).
    public let signature: ECDSASignature
    /// The signer's state carried with the bundle (`signerState`), if any: see ``SignerState``.
    public var signerState: SignerState?

    // MARK: - Initializers

    /// A pack from signed content and its signature (not verified here; see `verify()`).
    /// - Throws: `BundleError.highSSignature` (path `signature`) for a high-S signature.
    public init(contents: UnsignedAddressPack, signature: ECDSASignature) throws(BundleError) {
        guard signature.isLowS else { throw .highSSignature(path: "signature") }
        self.init(contents: contents, lowSSignature: signature)
    }

    /// Wraps a signature already known to be low-S.
    init(contents: UnsignedAddressPack, lowSSignature signature: ECDSASignature) {
        self.contents = contents
        self.signature = signature
    }

    // MARK: - Properties

    /// The network.
    public var network: Network { contents.network }
    /// The 16-byte pack ID.
    public var packID: [UInt8] { contents.packID }
    /// When the pack was made.
    public var createdAt: RFC3339Timestamp { contents.createdAt }
    /// The 32-byte wallet ID.
    public var walletID: [UInt8] { contents.walletID }
    /// The identity public key that signed the pack.
    public var identityKey: PublicKey { contents.identityKey }
    /// The addresses.
    public var entries: [AddressPackEntry] { contents.entries }

    // MARK: - Methods

    /// Whether `signature` verifies with `identityKey` over `SHA-256(preimage)`.
    public func verifySignature() -> Bool {
        contents.identityKey.isValidSignature(signature, forDigest: contents.digest)
    }

    /// Verifies the signature.
    /// - Throws: `BundleError.signatureInvalid` when it does not verify.
    public func verify() throws(BundleError) {
        guard verifySignature() else { throw .signatureInvalid }
    }
}
