/// Why a BRC-2 encryption, decryption or key derivation failed. No case carries key material or plaintext.
public enum BRC2Error: Error, Equatable, Sendable {
    /// A symmetric key was empty or longer than 32 bytes.
    case invalidKeyLength(length: Int)
    /// The BRC-42 derivation of the child keys failed (practically never).
    case keyDerivationFailed
    /// The ciphertext is shorter than the 32-byte IV plus the 16-byte tag.
    case ciphertextTooShort(length: Int)
    /// The ciphertext is longer than `BRC2SymmetricKey.maximumCiphertextLength`.
    case ciphertextTooLong(length: Int)
    /// The AES-GCM tag did not verify: wrong key, wrong invoice or counterparty, or damaged data.
    case authenticationFailed
}

extension BRC2Error: CustomStringConvertible {
    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .invalidKeyLength(let length): "a BRC-2 symmetric key must be 1 to 32 bytes, not \(length)"
        case .keyDerivationFailed: "the BRC-42 derivation of the BRC-2 key failed"
        case .ciphertextTooShort(let length):
            "the BRC-2 ciphertext is \(length) bytes, shorter than the 48-byte IV and tag"
        case .ciphertextTooLong(let length):
            "the BRC-2 ciphertext is \(length) bytes, more than the \(BRC2SymmetricKey.maximumCiphertextLength) allowed"
        case .authenticationFailed: "the BRC-2 ciphertext failed authentication: wrong key or damaged data"
        }
    }
}
