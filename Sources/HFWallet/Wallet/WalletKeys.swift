public import HFCrypto
public import HFPrimitives

/// All keys of one wallet on one network: identity, wallet ID, and the BIP32 and Type42 receive/change chains.
///
/// The BIP32 chains are ours (``BIP32Chains/standard``, `m/44'/236'/0'/c/n`) unless the wallet came from another
/// application with its own (``BIP32Chains``, ``WalletPreset``); the `bip44` scheme derives on them either way.
///
/// Built once from the mnemonic (PBKDF2, then the master key, the identity key, the BIP44 chain keys and the Type42
/// shared point), after which each address costs one child step: one HMAC-SHA512 and one point tweak (BIP44), or one
/// HMAC-SHA256 and one point tweak (Type42). Holds secrets (master key, chain keys, shared point) in zeroizing
/// storage; `description` shows only the wallet ID.
public struct WalletKeys: Sendable {
    /// The largest number of entries that one `derive` call returns.
    public static let maximumBatch = 1_000_000

    /// The network of every address.
    public let network: Network
    /// The identity key (`m/13'/0'`) and wallet ID.
    public let identity: WalletIdentity
    /// The BIP32 master key `m`. Secret.
    let master: ExtendedKey
    /// `m/44'/236'/0'` with its chain keys (the standard account, whatever ``bip32`` is).
    public let bip44: BIP44Account
    /// The chain keys of the wallet's BIP32 chains: what the `bip44` scheme derives on.
    public let bip32: BIP32ChainKeys
    /// The Type42 chains of `m`.
    public let type42: Type42Chain

    // MARK: - Initializers

    /// The keys of a mnemonic and passphrase.
    ///
    /// - Parameters:
    ///   - mnemonic: the BIP39 mnemonic. Secret.
    ///   - passphrase: the optional BIP39 passphrase; empty by default. Secret.
    ///   - network: the network of the addresses and the wallet ID.
    ///   - chains: where the wallet's BIP32 addresses are; ours by default.
    /// - Throws: `WalletKeysError` (practically never for a valid mnemonic).
    public init(
        mnemonic: Mnemonic, passphrase: String = "", network: Network, chains: BIP32Chains = .standard
    ) throws(WalletKeysError) {
        try self.init(seed: mnemonic.seed(passphrase: passphrase), network: network, chains: chains)
    }

    /// The keys of a BIP39 (or other 16–64-byte BIP32) seed.
    ///
    /// - Throws: `WalletKeysError.invalidSeed`.
    public init(seed: SecureBytes, network: Network, chains: BIP32Chains = .standard) throws(WalletKeysError) {
        let master: ExtendedKey
        do { master = try ExtendedKey(seed: seed) } catch { throw .invalidSeed }
        try self.init(master: master, network: network, chains: chains)
    }

    /// The keys below a private master key.
    ///
    /// - Throws: `WalletKeysError.invalidSeed` for a public-only key or a (practically impossible) invalid child.
    public init(master: ExtendedKey, network: Network, chains: BIP32Chains = .standard) throws(WalletKeysError) {
        guard let rootKey = master.privateKey, master.depth == 0 else { throw .invalidSeed }
        do {
            identity = try WalletIdentity(master: master, network: network)
            bip44 = try BIP44Account(master: master)
            bip32 = try BIP32ChainKeys(master: master, chains: chains)
        } catch {
            throw .invalidSeed
        }
        do { type42 = try Type42Chain(rootKey: rootKey) } catch { throw .invalidSeed }
        self.master = master
        self.network = network
    }

    // MARK: - Properties

    /// The identity public key (`m/13'/0'`).
    public var identityKey: PublicKey { identity.publicKey }

    /// The 32-byte wallet ID.
    public var walletID: [UInt8] { identity.walletID }

    /// The wallet ID in lower-case hex.
    public var walletIDHex: String { identity.walletIDHex }

    // MARK: - Derivation

    /// `count` consecutive entries of one chain, from index `start`.
    ///
    /// - Parameters:
    ///   - scheme: BIP44 or Type42.
    ///   - chain: receive or change.
    ///   - start: the first index N.
    ///   - count: how many, 0 to `maximumBatch`.
    /// - Returns: entries in index order.
    /// - Throws: `WalletKeysError.indexOutOfRange` unless every index is below 2³¹; `.invalidChild(index:)` for a
    ///   (practically impossible) invalid BIP32 child.
    public func derive(
        scheme: DerivationScheme, chain: KeyChainKind, start: UInt32, count: Int
    ) throws(WalletKeysError) -> [DerivedAddress] {
        guard count >= 0, count <= Self.maximumBatch,
            UInt64(start) + UInt64(count) <= UInt64(DerivationPath.hardenedOffset)
        else { throw .indexOutOfRange }
        var entries: [DerivedAddress] = []
        entries.reserveCapacity(count)
        switch scheme {
        case .bip44:
            let chainKey = bip32.chainKey(chain)
            for offset in 0..<count {
                let index = start + UInt32(offset)
                let key: PublicKey
                do { key = try chainKey.childPublicKey(at: index) } catch { throw .invalidChild(index: index) }
                entries.append(
                    DerivedAddress(
                        scheme: scheme, chain: chain, index: index, publicKey: key, network: network,
                        chains: bip32.chains))
            }
        case .type42:
            let keys: [PublicKey]
            do {
                keys = try type42.publicKeys(chain, start: start, count: count)
            } catch {
                throw .invalidChild(index: start)
            }
            for (offset, key) in keys.enumerated() {
                entries.append(
                    DerivedAddress(
                        scheme: scheme, chain: chain, index: start + UInt32(offset), publicKey: key, network: network))
            }
        }
        return entries
    }

    /// The entry at one index.
    ///
    /// - Throws: as `derive(scheme:chain:start:count:)`.
    public func derivedAddress(
        scheme: DerivationScheme, chain: KeyChainKind, index: UInt32
    ) throws(WalletKeysError) -> DerivedAddress {
        try derive(scheme: scheme, chain: chain, start: index, count: 1)[0]
    }

    /// The private key at one index, for signing. Secret.
    ///
    /// - Throws: `WalletKeysError.indexOutOfRange` for an index ≥ 2³¹, `.invalidChild(index:)` practically never.
    public func privateKey(
        scheme: DerivationScheme, chain: KeyChainKind, index: UInt32
    ) throws(WalletKeysError) -> PrivateKey {
        guard index < DerivationPath.hardenedOffset else { throw .indexOutOfRange }
        switch scheme {
        case .bip44:
            guard let key = try? bip32.privateKey(chain, index: index) else { throw .invalidChild(index: index) }
            return key
        case .type42:
            do { return try type42.privateKey(chain, index: index) } catch { throw .invalidChild(index: index) }
        }
    }

    /// The private key of an entry this wallet derived, checked against the entry's public key. Secret.
    ///
    /// - Throws: `WalletKeysError.notThisWallet` when the entry came from another wallet (or was altered).
    public func privateKey(for entry: DerivedAddress) throws(WalletKeysError) -> PrivateKey {
        let key = try privateKey(scheme: entry.scheme, chain: entry.chain, index: entry.index)
        guard key.publicKey == entry.publicKey, Address(publicKey: key.publicKey, network: network) == entry.address
        else { throw .notThisWallet }
        return key
    }

    /// The identity private key (`m/13'/0'`), for signing `.hfaddrpack` files and auth challenges only. Secret.
    public var identityPrivateKey: PrivateKey { identity.privateKey }

    /// The BIP44 account xpub (`m/44'/236'/0'`) for a watch-only party. Not secret, but it links every BIP44 address
    /// of the standard chains (not those of another wallet's ``bip32`` chains).
    public var bip44AccountPublicString: String { bip44.accountKey.publicString(network: network) }
}

extension WalletKeys: CustomStringConvertible {
    /// The network and wallet ID; never key material.
    public var description: String { "WalletKeys(\(network.rawValue), id \(walletIDHex))" }
}

/// Why `WalletKeys` could not build or derive keys. No case carries key material.
public enum WalletKeysError: Error, Equatable, Sendable {
    /// The seed gives no valid master key (wrong length, or IL = 0 or ≥ n), or a public-only key was given.
    case invalidSeed
    /// An index of the request is 2³¹ or more, or the count is negative or above `WalletKeys.maximumBatch`.
    case indexOutOfRange
    /// The child at `index` does not exist (probability about 2⁻¹²⁷ per index).
    case invalidChild(index: UInt32)
    /// The entry's key is not this wallet's key at that scheme, chain and index.
    case notThisWallet
}

extension WalletKeysError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidSeed: "this seed gives no valid BIP32 master key"
        case .indexOutOfRange: "address indices must be below 2^31"
        case .invalidChild(let index): "key \(index) cannot be derived; skip it"
        case .notThisWallet: "this address was not derived by this wallet"
        }
    }
}
