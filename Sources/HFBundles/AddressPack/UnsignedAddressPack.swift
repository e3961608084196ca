public import HFCrypto
public import HFPrimitives

/// The signed content of a `.hfaddrpack`: everything but the signature (docs/design.md §4).
///
/// Build one, then `signed(with:)` it with the wallet's identity private key. The wallet ID is not given but
/// computed from the identity key and network, as docs/design.md §3 defines it, so it cannot disagree with them.
public struct UnsignedAddressPack: Hashable, Sendable {
    /// The ASCII tag at the start of the preimage.
    public static let preimageTag = "HFADDRPACK"

    /// The network; every address is on it.
    public let network: Network
    /// A random 16-byte identifier of this pack.
    public let packID: [UInt8]
    /// When the pack was made.
    public let createdAt: RFC3339Timestamp
    /// The wallet ID: `SHA-256("hf-wallet-id/v1" ‖ 0x00 ‖ network ‖ 0x00 ‖ identityKey)`.
    public let walletID: [UInt8]
    /// The wallet's identity public key (`m/13'/0'`), which signs the pack.
    public let identityKey: PublicKey
    /// The addresses, 1…10,000, no address twice. (An address of `test` in a `regtest` pack, or the reverse, has the
    /// same text and is taken as the pack's network.)
    public let entries: [AddressPackEntry]

    // MARK: - Initializers

    /// The content of a pack.
    ///
    /// - Parameters:
    ///   - network: the network; every entry's address must be on it.
    ///   - packID: 16 bytes; by default 16 fresh random bytes.
    ///   - createdAt: the creation time.
    ///   - identityKey: the wallet's identity public key.
    ///   - entries: 1…10,000 entries with distinct addresses.
    /// - Throws: `BundleError.wrongLength` (path `packId`), `.countOutOfRange` (path `entries`),
    ///   `.invalidAddress` (an address of another network), or `.duplicateEntry`.
    public init(
        network: Network, packID: [UInt8] = SecureRandom.bytes(16), createdAt: RFC3339Timestamp,
        identityKey: PublicKey, entries: [AddressPackEntry]
    ) throws(BundleError) {
        guard packID.count == 16 else { throw .wrongLength(path: "packId", expected: 16, actual: packID.count) }
        guard BundleLimits.addressPackEntryCount.contains(entries.count) else {
            throw .countOutOfRange(path: "entries", count: entries.count, allowed: BundleLimits.addressPackEntryCount)
        }
        var seen: Set<[UInt8]> = []
        var normalized: [AddressPackEntry] = []
        normalized.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let path = "entries[\(index)].address"
            let version = entry.address.network.p2pkhVersion
            guard version == network.p2pkhVersion else {
                throw .invalidAddress(path: path, .wrongNetwork(expected: network, versionByte: version))
            }
            guard seen.insert(entry.address.hash160).inserted else { throw .duplicateEntry(path: path) }
            normalized.append(entry.on(network))
        }
        self.network = network
        self.packID = packID
        self.createdAt = createdAt
        self.identityKey = identityKey
        self.walletID = Self.walletID(identityKey: identityKey, network: network)
        self.entries = normalized
    }

    // MARK: - Properties

    /// The exact bytes signed (docs/design.md §4): ASCII `HFADDRPACK` ‖ u8 1 ‖ varstr(network) ‖ packId (16) ‖
    /// varstr(createdAt) ‖ walletId (32) ‖ identityKey (33, compressed) ‖ varint(count) ‖ for each entry
    /// varstr(address) ‖ varstr(scheme) ‖ varstr(reference). `varstr` is a CompactSize byte length and the UTF-8.
    public var preimage: [UInt8] {
        var writer = ByteWriter()
        writer.appendBytes(Self.preimageTag.utf8)
        writer.appendUInt8(1)
        writer.appendVarBytes(Array(network.rawValue.utf8))
        writer.appendBytes(packID)
        writer.appendVarBytes(Array(createdAt.text.utf8))
        writer.appendBytes(walletID)
        writer.appendBytes(identityKey.compressed)
        writer.appendCompactSize(UInt64(entries.count))
        for entry in entries {
            writer.appendVarBytes(Array(entry.address.string.utf8))
            writer.appendVarBytes(Array(entry.scheme.rawValue.utf8))
            writer.appendVarBytes(Array(entry.reference.utf8))
        }
        return writer.bytes
    }

    /// The digest the identity key signs: `SHA-256(preimage)` (single SHA-256).
    public var digest: [UInt8] { Hash.sha256(preimage) }

    // MARK: - Methods

    /// Signs the pack with the identity private key (ECDSA, RFC 6979, low-S).
    /// - Throws: `BundleError.identityKeyMismatch` unless `privateKey` is the key of `identityKey`.
    public func signed(with privateKey: PrivateKey) throws(BundleError) -> AddressPackBundle {
        guard privateKey.publicKey == identityKey else { throw .identityKeyMismatch }
        do {
            return AddressPackBundle(contents: self, lowSSignature: try privateKey.signature(forDigest: digest))
        } catch {
            preconditionFailure("signing a 32-byte digest cannot fail: \(error)")
        }
    }

    /// The wallet ID of `identityKey` on `network` (docs/design.md §3):
    /// `SHA-256("hf-wallet-id/v1" ‖ 0x00 ‖ network name ‖ 0x00 ‖ compressed identity key)`.
    public static func walletID(identityKey: PublicKey, network: Network) -> [UInt8] {
        Hash.sha256(
            Array("hf-wallet-id/v1".utf8) + [0] + Array(network.rawValue.utf8) + [0] + identityKey.compressed)
    }
}
