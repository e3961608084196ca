public import HFCrypto
public import HFPrimitives

/// A wallet's identity key and wallet ID (docs/design.md §3).
///
/// The identity key is BIP32 `m/13'/0'` (hardened at both levels), used only to sign `.hfaddrpack` files and auth
/// challenges, never for funds. The wallet ID is
/// `SHA-256("hf-wallet-id/v1" ‖ 0x00 ‖ network name ‖ 0x00 ‖ compressed identity public key)`, shown as hex.
public struct WalletIdentity: Sendable {
    /// `m/13'/0'`.
    public static let path = DerivationPath(indices: [DerivationPath.hardened(13), DerivationPath.hardened(0)])

    /// The domain-separation tag at the start of the wallet ID preimage.
    public static let walletIDTag = "hf-wallet-id/v1"

    /// The identity private key. Secret.
    public let privateKey: PrivateKey
    /// The identity public key.
    public let publicKey: PublicKey
    /// The network the wallet ID is for.
    public let network: Network
    /// The 32-byte wallet ID.
    public let walletID: [UInt8]

    /// The identity of the wallet whose BIP32 master key is `master`, on `network`.
    ///
    /// - Parameters:
    ///   - master: the master key `m` (private).
    ///   - network: the network, whose name (`main`, `test`, `regtest`) enters the wallet ID.
    /// - Throws: `ExtendedKeyError` (practically never for a private master key; `.hardenedDerivationFromPublicKey`
    ///   for a public one).
    public init(master: ExtendedKey, network: Network) throws(ExtendedKeyError) {
        let node = try master.derived(Self.path)
        guard let key = node.privateKey else { throw .hardenedDerivationFromPublicKey(index: Self.path.indices[0]) }
        privateKey = key
        publicKey = node.publicKey
        self.network = network
        walletID = Self.walletID(identityKey: publicKey, network: network)
    }

    /// The wallet ID in lower-case hex (64 characters).
    public var walletIDHex: String { walletID.hex }

    /// `SHA-256("hf-wallet-id/v1" ‖ 0x00 ‖ UTF-8(network.rawValue) ‖ 0x00 ‖ compressed(identityKey))`.
    public static func walletID(identityKey: PublicKey, network: Network) -> [UInt8] {
        var preimage = Array(walletIDTag.utf8)
        preimage.append(0x00)
        preimage.append(contentsOf: network.rawValue.utf8)
        preimage.append(0x00)
        preimage.append(contentsOf: identityKey.compressed)
        return Hash.sha256(preimage)
    }
}

extension WalletIdentity: CustomStringConvertible {
    /// The public parts only.
    public var description: String { "WalletIdentity(\(network.rawValue), id \(walletIDHex))" }
}
