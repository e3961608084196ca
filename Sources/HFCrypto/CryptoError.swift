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
