/// Why an Electrum ECIES ("BIE1") message could not be made or opened.
///
/// The cases are checked in the order listed for decryption; none carries key material or plaintext.
public enum ElectrumECIESError: Error, Equatable, Sendable {
    /// The message is longer than `ElectrumECIES.maximumMessageLength`.
    case messageTooLong(length: Int)
    /// The message is shorter than the smallest possible BIE1 message (magic, one block and the MAC).
    case messageTooShort(length: Int)
    /// The message does not start with the ASCII magic `"BIE1"`.
    case badMagic
    /// The bytes between the magic and the MAC are neither whole AES blocks nor a public key and whole blocks.
    case malformedBody
    /// The embedded sender public key is not a valid secp256k1 point.
    case invalidSenderKey
    /// The message embeds a sender public key that differs from the one the caller expected.
    case senderKeyMismatch
    /// The message carries no sender public key and the caller supplied none (or, when encrypting, the sender key
    /// is ephemeral and would be left out, so nobody could decrypt).
    case missingSenderKey
    /// The ECDH multiplication failed.
    case keyAgreementFailed
    /// The MAC does not match: wrong key, or damaged or forged message. Nothing was decrypted.
    case authenticationFailed
    /// The MAC matched but the AES-CBC padding did not; the sender did not follow the format.
    case decryptionFailed
}

extension ElectrumECIESError: CustomStringConvertible {
    /// A sentence saying what is wrong with the message.
    public var description: String {
        switch self {
        case .messageTooLong(let length):
            "the BIE1 message is \(length) bytes, more than the \(ElectrumECIES.maximumMessageLength) allowed"
        case .messageTooShort(let length): "the BIE1 message is only \(length) bytes, too short to be valid"
        case .badMagic: "the message does not start with the BIE1 magic"
        case .malformedBody: "the BIE1 message body is not whole AES blocks, with or without a sender key"
        case .invalidSenderKey: "the sender public key in the BIE1 message is not a valid point"
        case .senderKeyMismatch: "the BIE1 message was sent by a different key than expected"
        case .missingSenderKey: "the BIE1 message has no sender public key and none was supplied"
        case .keyAgreementFailed: "the ECDH key agreement failed"
        case .authenticationFailed: "the BIE1 message failed authentication: wrong key or damaged data"
        case .decryptionFailed: "the BIE1 message decrypted to badly padded data"
        }
    }
}
