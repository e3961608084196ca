/// Why a WIF private key string was rejected.
///
/// No case carries the text, the decoded bytes or any part of the key.
public enum WIFError: Error, Equatable, Sendable {
    /// The text is not Base58 (bad character, too long, or shorter than a checksum).
    case invalidEncoding
    /// The Base58Check checksum does not match (often a typo).
    case badChecksum
    /// The version byte is not `network.wifVersion`.
    case wrongNetwork
    /// The payload is neither 33 bytes (uncompressed) nor 34 bytes (compressed).
    case wrongLength
    /// The 32 key bytes are zero or not below the secp256k1 group order.
    case invalidKey
    /// A 34-byte payload does not end with the compression flag 0x01.
    case badCompressionFlag
}

extension WIFError: CustomStringConvertible {
    /// A sentence naming the problem (never the key).
    public var description: String {
        switch self {
        case .invalidEncoding: "the private key is not Base58 text; check it for typos"
        case .badChecksum: "the private key's checksum does not match; it was probably mistyped"
        case .wrongNetwork: "the private key is for another network"
        case .wrongLength: "the private key does not decode to 32 key bytes"
        case .invalidKey: "the private key's value is not a valid secp256k1 key"
        case .badCompressionFlag: "the private key's compression flag is not 0x01"
        }
    }
}
