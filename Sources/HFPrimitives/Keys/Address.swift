public import HFCrypto

/// A pay-to-public-key-hash (P2PKH) address: the HASH160 of a compressed public key on a given network.
///
/// The string form is Base58Check of `version ‖ hash160` (21 bytes), where the version is
/// `network.p2pkhVersion`. Because test and regtest share version 0x6f, parsing needs the expected network.
/// Equality and hashing include the network, so a test and a regtest address with the same hash differ.
/// `Codable` uses a keyed container `{"network": "main", "address": "1…"}` so that the network survives.
public struct Address: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The network whose version byte the string form uses.
    public let network: Network

    /// The 20-byte `RIPEMD-160(SHA-256(compressed public key))`.
    public let hash160: [UInt8]

    /// The longest text `init(string:network:)` will decode; P2PKH addresses are 25 bytes, at most 34 characters.
    static let maxTextLength = 40

    // MARK: - Initializers

    /// The address of `publicKey`'s 33-byte compressed encoding.
    public init(publicKey: PublicKey, network: Network) {
        self.network = network
        self.hash160 = Hash.hash160(publicKey.compressed)
    }

    /// The address of a known 20-byte hash.
    /// - Throws: `AddressError.wrongLength` unless `hash160` has 20 bytes.
    public init(hash160: [UInt8], network: Network) throws(AddressError) {
        guard hash160.count == 20 else { throw .wrongLength }
        self.network = network
        self.hash160 = hash160
    }

    /// Parses a Base58Check P2PKH address for `network`.
    /// - Throws: `AddressError.invalidEncoding` (bad character, over 40 characters, too short), `.badChecksum`,
    ///   `.wrongLength` (payload not 21 bytes), or `.wrongNetwork` when the version byte is not
    ///   `network.p2pkhVersion`.
    public init(string: String, network: Network) throws(AddressError) {
        let payload: [UInt8]
        do {
            payload = try Base58.decodeCheck(string, maxLength: Self.maxTextLength)
        } catch .badChecksum {
            throw .badChecksum
        } catch {
            throw .invalidEncoding
        }
        guard payload.count == 21 else { throw .wrongLength }
        guard payload[0] == network.p2pkhVersion else {
            throw .wrongNetwork(expected: network, versionByte: payload[0])
        }
        self.network = network
        self.hash160 = Array(payload[1...])
    }

    /// The address paid by a standard P2PKH locking script, or nil for any other script.
    ///
    /// - Parameter lockingScript: exactly `76 a9 14 <20 bytes> 88 ac`.
    public init?(lockingScript: [UInt8], network: Network) {
        guard lockingScript.count == 25,
            lockingScript.starts(with: [0x76, 0xa9, 0x14]),
            lockingScript[23] == 0x88, lockingScript[24] == 0xac
        else { return nil }
        self.network = network
        self.hash160 = Array(lockingScript[3..<23])
    }

    /// Decodes `{"network": …, "address": …}`, checking the address against the network.
    /// - Throws: `DecodingError.dataCorrupted` for an invalid address or a network mismatch.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let network = try container.decode(Network.self, forKey: .network)
        let text = try container.decode(String.self, forKey: .address)
        do {
            self = try Address(string: text, network: network)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .address, in: container, debugDescription: "invalid \(network.rawValue) address: \(error)")
        }
    }

    // MARK: - Properties

    /// The Base58Check text, e.g. `1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH`.
    public var string: String {
        Base58.encodeCheck([network.p2pkhVersion] + hash160)
    }

    /// The Base58Check text.
    public var description: String { string }

    /// The P2PKH locking script `OP_DUP OP_HASH160 <20-byte hash> OP_EQUALVERIFY OP_CHECKSIG`, i.e. the 25 bytes
    /// `76 a9 14 <hash160> 88 ac`.
    public var lockingScript: [UInt8] {
        [0x76, 0xa9, 0x14] + hash160 + [0x88, 0xac]
    }

    // MARK: - Methods

    /// Encodes `{"network": …, "address": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(network, forKey: .network)
        try container.encode(string, forKey: .address)
    }

    /// The JSON keys.
    private enum CodingKeys: String, CodingKey {
        case network
        case address
    }
}
