public import HFCrypto
public import HFPrimitives

/// One derived receive or change key of a wallet, with its address. Holds no secret.
public struct DerivedAddress: Sendable, Hashable {
    /// The scheme that derived it.
    public let scheme: DerivationScheme
    /// Receive or change.
    public let chain: KeyChainKind
    /// N: the last path index (BIP44) or the invoice's key ID (Type42).
    public let index: UInt32
    /// How to find the key again: the path `m/44'/236'/0'/0/N` (`/1/N` for change; another wallet's chains give
    /// their own path) or the invoice `1-wallet-N` / `0-change-N`.
    public let reference: String
    /// The P2PKH address of the compressed public key.
    public let address: Address
    /// The public key.
    public let publicKey: PublicKey

    /// An entry; `reference` is computed from the scheme, chain, index and (for `bip44`) the BIP32 chains.
    init(
        scheme: DerivationScheme, chain: KeyChainKind, index: UInt32, publicKey: PublicKey, network: Network,
        chains: BIP32Chains = .standard
    ) {
        self.scheme = scheme
        self.chain = chain
        self.index = index
        self.publicKey = publicKey
        self.address = Address(publicKey: publicKey, network: network)
        self.reference = Self.reference(scheme: scheme, chain: chain, index: index, chains: chains)
    }

    /// The reference string of an entry: the BIP32 path on `chains` (ours by default) or the Type42 invoice.
    public static func reference(
        scheme: DerivationScheme, chain: KeyChainKind, index: UInt32, chains: BIP32Chains = .standard
    ) -> String {
        switch scheme {
        case .bip44: chains.path(chain, index: index).description
        case .type42: Type42Chain.invoiceNumber(chain, index: index)
        }
    }
}

extension DerivedAddress: CustomStringConvertible {
    /// `reference address`.
    public var description: String { "\(reference) \(address.string)" }
}
