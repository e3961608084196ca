/// Errors raised by HFCrypto.
///
/// Like libsecp256k1 and OpenSSL themselves, these cases say *which* check failed, never why the C library refused:
/// the C libraries report 0/1 and the reason is deliberately not exposed. No case carries key material.
public enum CryptoError: Error, Equatable, Hashable, Sendable {
    /// A key had the wrong number of bytes (private keys are 32, public keys 33 or 65).
    case incorrectKeySize
    /// A non-key parameter (digest, IV, tag, tweak) had the wrong number of bytes.
    case incorrectParameterSize
    /// A 32-byte value is not a valid private key (zero, or not below the group order).
    case invalidPrivateKey
    /// Bytes do not encode a point on secp256k1.
    case invalidPublicKey
    /// A signature is not strictly DER (or compact) encoded, or its values are out of range.
    case invalidSignatureEncoding
    /// A tweak or scalar operation produced an invalid key (the result is zero or infinity, or the tweak ≥ n).
    case invalidTweak
    /// The AEAD tag did not verify, or CBC padding was wrong: wrong key or damaged data.
    case authenticationFailure
    /// Public-key recovery from a signature failed.
    case recoveryFailed
    /// The C library reported a failure that input validation could not have predicted.
    case underlyingCryptoError
}

extension CryptoError: CustomStringConvertible {
    /// A sentence naming the problem (never key material).
    public var description: String {
        switch self {
        case .incorrectKeySize: "a key has the wrong number of bytes"
        case .incorrectParameterSize: "a cryptographic parameter has the wrong number of bytes"
        case .invalidPrivateKey: "the bytes are not a valid secp256k1 private key"
        case .invalidPublicKey: "the bytes are not a point on secp256k1 (not a valid public key)"
        case .invalidSignatureEncoding: "the signature is not strictly DER encoded or its values are out of range"
        case .invalidTweak: "a key derivation step produced an invalid key"
        case .authenticationFailure:
            "the data does not authenticate: the key or password is wrong, or the data is damaged"
        case .recoveryFailed: "no public key can be recovered from the signature"
        case .underlyingCryptoError: "the cryptographic library reported an unexpected failure"
        }
    }
}
