/// Why an address could not be made or parsed.
///
/// The network and version byte in `wrongNetwork` are public information, not key material.
public enum AddressError: Error, Equatable, Sendable {
    /// The text is not Base58 (bad character, too long, or shorter than a checksum).
    case invalidEncoding
    /// The Base58Check checksum does not match.
    case badChecksum
    /// The decoded payload is not 21 bytes (version ‖ HASH160), or a given hash is not 20 bytes.
    case wrongLength
    /// The version byte is not the P2PKH version of `expected` (another network, or not a P2PKH address).
    case wrongNetwork(expected: Network, versionByte: UInt8)
}

extension AddressError: CustomStringConvertible {
    /// A sentence naming the problem (never the rejected text).
    public var description: String {
        switch self {
        case .invalidEncoding: return "the address is not Base58 text; check it for typos"
        case .badChecksum: return "the address's checksum does not match; it was probably mistyped"
        case .wrongLength: return "the address does not decode to a 20-byte key hash"
        case .wrongNetwork(let expected, let versionByte):
            let others = Network.allCases.filter { $0.p2pkhVersion == versionByte }.map(\.rawValue)
            guard !others.isEmpty else { return "the address is not a P2PKH address (its version byte is \(versionByte))" }
            return "the address is for \(others.joined(separator: " or ")), not \(expected.rawValue); use a "
                + "\(expected.rawValue) address or the matching --network"
        }
    }
}
