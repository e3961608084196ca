/// The BRC-100 methods that need a wallet key and so cross the air gap to the signer as a `.hfcall`.
///
/// The raw value is the BRC-100 method name, as it appears in the HTTP path (`POST /createSignature`) and in the
/// bundle's `method` member.
public enum WalletCallMethod: String, CaseIterable, Hashable, Sendable {
    /// Build, sign and (through the watcher) broadcast a transaction paying the application's outputs.
    case createAction
    /// A BRC-3 signature with a BRC-42/43 derived key.
    case createSignature
    /// Check a BRC-3 signature.
    case verifySignature
    /// BRC-2 encryption for a counterparty.
    case encrypt
    /// BRC-2 decryption.
    case decrypt
    /// An HMAC with a derived symmetric key.
    case createHmac
    /// Check an HMAC.
    case verifyHmac
    /// A derived public key for a protocol, key ID and counterparty.
    case getPublicKey
    /// Reveal the shared secret linkage with a counterparty (refused by default).
    case revealCounterpartyKeyLinkage
}
