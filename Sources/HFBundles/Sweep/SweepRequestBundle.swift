public import HFCrypto
public import HFPrimitives

/// A `.hfsweep` bundle: addresses of private keys the signer imported to sweep, for the watcher to watch, signed by
/// the wallet's identity key like a `.hfaddrpack`.
///
/// Decoding checks the structure (fields, addresses on the bundle's network, no address twice, the wallet ID matching
/// the identity key, a strict-DER low-S signature) but **not** the signature: call `verify()`. A valid signature
/// only proves who made it; the watcher accepts it only from the identity key it already trusts for the wallet.
public struct SweepRequestBundle: Hashable, Sendable {
    /// The ASCII tag at the start of the preimage.
    public static let preimageTag = "HFSWEEP"

    /// The network; every address is on it.
    public let network: Network
    /// When the request was made.
    public let createdAt: RFC3339Timestamp
    /// The wallet's identity public key (`m/13'/0'`), which signs the request.
    public let identityKey: PublicKey
    /// The addresses to watch, 1…100, distinct.
    public let addresses: [Address]
    /// The identity key's signature over `digest` (low-S).
    public let signature: ECDSASignature
    /// The signer's state carried with the bundle (`signerState`), if any: see ``SignerState``.
    public var signerState: SignerState?

    // MARK: - Initializers

    /// Signs a request with the identity private key (ECDSA, RFC 6979, low-S).
    /// - Throws: `BundleError.countOutOfRange` (path `addresses`), `.invalidAddress` (another network),
    ///   `.duplicateEntry`.
    public init(
        network: Network, createdAt: RFC3339Timestamp, addresses: [Address], signingWith identity: PrivateKey
    ) throws(BundleError) {
        let checked = try Self.check(addresses, network: network)
        let digest = Self.digest(
            network: network, createdAt: createdAt, identityKey: identity.publicKey, addresses: checked)
        let signature: ECDSASignature
        do { signature = try identity.signature(forDigest: digest) } catch {
            preconditionFailure("signing a 32-byte digest cannot fail: \(error)")
        }
        self.init(network: network, createdAt: createdAt, identityKey: identity.publicKey, checked: checked,
                  signature: signature)
    }

    /// A request whose fields were checked.
    init(network: Network, createdAt: RFC3339Timestamp, identityKey: PublicKey, checked: [Address],
         signature: ECDSASignature) {
        self.network = network
        self.createdAt = createdAt
        self.identityKey = identityKey
        self.addresses = checked
        self.signature = signature
    }

    // MARK: - Properties

    /// The 32-byte wallet ID of the identity key on the network (docs/design.md §3).
    public var walletID: [UInt8] { UnsignedAddressPack.walletID(identityKey: identityKey, network: network) }

    /// The digest the identity key signs: SHA-256 of ASCII `HFSWEEP` ‖ u8 1 ‖ varstr(network) ‖ varstr(createdAt) ‖
    /// walletId (32) ‖ identityKey (33, compressed) ‖ varint(count) ‖ for each address varstr(address).
    public var digest: [UInt8] {
        Self.digest(network: network, createdAt: createdAt, identityKey: identityKey, addresses: addresses)
    }

    // MARK: - Methods

    /// Whether `signature` verifies with `identityKey` over `digest`.
    public func verifySignature() -> Bool { identityKey.isValidSignature(signature, forDigest: digest) }

    /// Verifies the signature.
    /// - Throws: `BundleError.signatureInvalid` when it does not verify.
    public func verify() throws(BundleError) {
        guard verifySignature() else { throw .signatureInvalid }
    }

    // MARK: - Internal

    /// The addresses on `network` (test and regtest share text), 1…100, distinct.
    static func check(_ addresses: [Address], network: Network) throws(BundleError) -> [Address] {
        guard BundleLimits.sweepAddressCount.contains(addresses.count) else {
            throw .countOutOfRange(path: "addresses", count: addresses.count, allowed: BundleLimits.sweepAddressCount)
        }
        var seen: Set<[UInt8]> = []
        var checked: [Address] = []
        for (index, address) in addresses.enumerated() {
            let path = "addresses[\(index)]"
            guard address.network.p2pkhVersion == network.p2pkhVersion else {
                throw .invalidAddress(path: path, .wrongNetwork(expected: network, versionByte: address.network.p2pkhVersion))
            }
            guard seen.insert(address.hash160).inserted else { throw .duplicateEntry(path: path) }
            do { checked.append(try Address(hash160: address.hash160, network: network)) } catch {
                throw .invalidAddress(path: path, error)
            }
        }
        return checked
    }

    private static func digest(
        network: Network, createdAt: RFC3339Timestamp, identityKey: PublicKey, addresses: [Address]
    ) -> [UInt8] {
        var writer = ByteWriter()
        writer.appendBytes(preimageTag.utf8)
        writer.appendUInt8(1)
        writer.appendVarBytes(Array(network.rawValue.utf8))
        writer.appendVarBytes(Array(createdAt.text.utf8))
        writer.appendBytes(UnsignedAddressPack.walletID(identityKey: identityKey, network: network))
        writer.appendBytes(identityKey.compressed)
        writer.appendCompactSize(UInt64(addresses.count))
        for address in addresses { writer.appendVarBytes(Array(address.string.utf8)) }
        return Hash.sha256(writer.bytes)
    }
}
