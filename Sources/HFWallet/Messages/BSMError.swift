/// Why a Bitcoin Signed Message signature could not be parsed, made or checked. No case carries key material.
public enum BSMError: Error, Equatable, Sendable {
    /// The signature text is not base64, or is far longer than a 65-byte signature.
    case invalidBase64
    /// The decoded signature is not 65 bytes.
    case wrongLength(length: Int)
    /// The header byte is outside 27…34 (35…42 are segwit variants, meaningless for BSV's P2PKH-only addresses).
    case invalidHeader(UInt8)
    /// r or s is zero or not below the group order.
    case invalidSignature
    /// No public key can be recovered from the signature for this message.
    case recoveryFailed
    /// libsecp256k1 refused to sign (practically never).
    case signingFailed
}

extension BSMError: CustomStringConvertible {
    /// A sentence saying what is wrong with the signature.
    public var description: String {
        switch self {
        case .invalidBase64: "the signed-message signature is not valid base64"
        case .wrongLength(let length): "a signed-message signature must be 65 bytes, not \(length)"
        case .invalidHeader(let header): "the signed-message header byte \(header) is not in 27…34"
        case .invalidSignature: "the signed-message signature has r or s out of range"
        case .recoveryFailed: "no public key can be recovered from the signed-message signature"
        case .signingFailed: "signing the message failed"
        }
    }
}
