import HFCrypto
import HFMigration
public import HFPrimitives
import HFStore
public import HFWallet

/// The wallets of one network in a signer home: creating, importing, listing, choosing, and opening their keys.
///
/// Seeds live only in the vault (`wallet-<walletId>`); the wallets table keeps the identity key beside each wallet,
/// and opening keys checks the vault's seed against it.
public struct SignerWallets {
    private let home: SignerHome
    /// The network of these wallets.
    public let network: Network
    private var records: WalletRecords { WalletRecords(database: home.database) }

    /// The wallets of `network` in `home`.
    public init(home: SignerHome, network: Network) {
        self.home = home
        self.network = network
    }

    /// Adds a wallet for `mnemonic` (new or imported) through the host boundary (``StoreWalletHost``): the secret
    /// is stored in `vault` and read back before the wallet row exists.
    ///
    /// `chains` says where its BIP32 addresses are: ours by default, or another application's (issue 32).
    ///
    /// - Throws: `SignerError.rejected` when the same seed and passphrase are already a wallet of this network.
    public func add(
        title: String?, mnemonic: Mnemonic, passphrase: String, derivation: DerivationScheme,
        chains: BIP32Chains = .standard, vault: SignerVault
    ) throws(SignerError) -> WalletInfo {
        let vault = vault.store
        let host = StoreWalletHost(database: home.database, vault: vault)
        let request = WalletCreationRequest(
            mnemonic: mnemonic, passphrase: passphrase, network: network, title: title, derivation: derivation,
            chains: chains)
        let created: WalletRecord
        do { created = try host.createOrImportWallet(request).record } catch { throw SignerError(error) }
        return WalletInfo(created)
    }

    /// Every wallet of the network, oldest first.
    ///
    /// - Throws: `SignerError.database` (`unknownValue`) for a row holding a value no version writes (never a default).
    public func list() throws(SignerError) -> [WalletInfo] {
        try listRecords().map(WalletInfo.init)
    }

    /// The wallet a command means (see ``selectRecord(_:)``).
    public func select(_ selection: WalletSelection) throws(SignerError) -> WalletInfo {
        WalletInfo(try selectRecord(selection))
    }

    /// Every wallet row of the network, oldest first.
    func listRecords() throws(SignerError) -> [WalletRecord] {
        do { return try records.list(network: network) } catch { throw .database(error) }
    }

    /// The wallet a command means.
    ///
    /// - Throws: `SignerError.rejected` when none matches, a prefix is ambiguous or too short, or there is no wallet.
    func selectRecord(_ selection: WalletSelection) throws(SignerError) -> WalletRecord {
        let all = try listRecords()
        switch selection {
        case .defaultWallet:
            // The active wallet of this network; with none recorded, the deterministic first wallet (persisted).
            let active: WalletRecord?
            do { active = try ActiveWalletRegistry(database: home.database).activeWallet(for: network) } catch {
                throw .database(error)
            }
            guard let active else {
                throw .rejected(
                    reason: "there is no wallet on \(network.rawValue); create or import one with `hf-signer wallet`")
            }
            return active
        case .id(let text):
            let prefix = text.lowercased()
            guard prefix.count >= 8 else { throw .rejected(reason: "give at least 8 hex digits of the wallet ID") }
            let matches = all.filter { $0.walletID.hasPrefix(prefix) }
            guard matches.count == 1 else {
                throw .rejected(
                    reason: matches.isEmpty
                        ? "no wallet on \(network.rawValue) has an ID starting with \(prefix)"
                        : "\(matches.count) wallets have IDs starting with \(prefix); give more digits")
            }
            return matches[0]
        }
    }

    /// Makes the selected wallet the default of its network.
    public func setDefault(_ selection: WalletSelection) throws(SignerError) -> WalletInfo {
        var record = try selectRecord(selection)
        do {
            try home.database.transaction { () throws(DatabaseError) in
                try records.setDefault(record.walletID, network: network)
            }
        } catch { throw .database(error) }
        record.isDefault = true
        return WalletInfo(record)
    }

    /// The keys of `wallet` (see ``keys(for:vault:)-(WalletRecord,_)``).
    public func keys(for wallet: WalletInfo, vault: SignerVault) throws(SignerError) -> WalletKeys {
        try keys(for: wallet.record, vault: vault)
    }

    /// The keys of `record`, from its vault secret, checked against the stored identity key.
    ///
    /// - Throws: `SignerError.vault` when the vault has no (readable) secret; `.rejected` when it does not match.
    func keys(for record: WalletRecord, vault: SignerVault) throws(SignerError) -> WalletKeys {
        try checkedSecret(for: record, vault: vault).keys
    }

    /// The phrase and BIP39 passphrase of `wallet` from the vault, checked against its identity key. Secret.
    ///
    /// - Throws: as ``keys(for:vault:)-(WalletRecord,_)``.
    public func secret(for wallet: WalletInfo, vault: SignerVault) throws(SignerError)
        -> (mnemonic: Mnemonic, passphrase: String)
    {
        let checked = try checkedSecret(for: wallet.record, vault: vault)
        return (checked.mnemonic, checked.passphrase)
    }

    /// The vault secret of `record` with the keys it derives, once they match the stored identity key.
    private func checkedSecret(for record: WalletRecord, vault: SignerVault) throws(SignerError)
        -> (mnemonic: Mnemonic, passphrase: String, keys: WalletKeys)
    {
        let vault = vault.store
        let chains = try WalletInfo.chains(of: record)
        let item: SecureBytes
        do { item = try vault.read(id: record.vaultID) } catch { throw .vault(error) }
        guard let secret = WalletSecret(item), let mnemonic = try? Mnemonic(phrase: secret.phrase),
            let keys = try? WalletKeys(
                mnemonic: mnemonic, passphrase: secret.passphrase, network: network, chains: chains),
            keys.identityKey.compressed.hex == record.identityKey
        else {
            throw .rejected(reason: "the vault's seed for wallet \(record.walletID.prefix(16)) does not match the wallet")
        }
        return (mnemonic, secret.passphrase, keys)
    }

    static func now() -> String { StoreWalletHost.now() }
}
