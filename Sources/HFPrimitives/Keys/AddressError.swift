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
