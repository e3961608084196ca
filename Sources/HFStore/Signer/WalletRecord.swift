public import HFPrimitives

/// One wallet row of the signer store: public facts only (the seed is in the vault under `vaultID`).
public struct WalletRecord: Sendable, Equatable {
    /// The wallet ID (64 hex), unique per seed, passphrase and network.
    public let walletID: String
    /// The wallet's network.
    public let network: Network
    /// The user's title.
    public var title: String
    /// The scheme of new receive and change addresses.
    public var derivation: DerivationScheme
    /// The compressed identity public key (66 hex), against which vault contents are checked.
    public let identityKey: String
    /// The vault id of the seed, `wallet-<walletID>`.
    public let vaultID: String
    /// Whether this is the default wallet of its network.
    public var isDefault: Bool
    /// When the wallet was added (RFC 3339).
    public let createdAt: String
    /// The stored form of the wallet's BIP32 chains when they are not ours (HFWallet's `BIP32Chains.text`: the
    /// receive and change chain paths, one space between), or nil for ours (schema 9).
    public let bip32Chains: String?

    /// A record from its fields.
    public init(
        walletID: String, network: Network, title: String, derivation: DerivationScheme, identityKey: String, vaultID: String,
        isDefault: Bool, createdAt: String, bip32Chains: String? = nil
    ) {
        self.walletID = walletID
        self.network = network
        self.title = title
        self.derivation = derivation
        self.identityKey = identityKey
        self.vaultID = vaultID
        self.isDefault = isDefault
        self.createdAt = createdAt
        self.bip32Chains = bip32Chains
    }
}
