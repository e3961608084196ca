public import HFBundles
public import HFCrypto
public import HFPrimitives
public import HFWallet

/// The session's wallet and backup use cases: the executables never reach the wallets table or the vault directly.
extension SignerSession {
    /// The wallets of the session's network, oldest first, after the legacy gate; the active wallet is resolved (and
    /// persisted) first, so the list shows which one commands use. Needs no passphrase.
    public func listWallets() throws(SignerError) -> [WalletInfo] {
        try legacyGate(vault: nil)
        let wallets = SignerWallets(home: home, network: network)
        _ = try? wallets.select(.defaultWallet)
        return try wallets.list()
    }

    /// The wallet `selection` means, after the legacy gate. Needs no passphrase.
    public func showWallet(_ selection: WalletSelection) throws(SignerError) -> WalletInfo {
        try legacyGate(vault: nil)
        return try SignerWallets(home: home, network: network).select(selection)
    }

    /// Makes the selected wallet the default of the network (nil: shows the active one), after the legacy gate.
    public func setDefaultWallet(_ selection: WalletSelection?) throws(SignerError) -> WalletInfo {
        try legacyGate(vault: nil)
        let wallets = SignerWallets(home: home, network: network)
        guard let selection else { return try wallets.select(.defaultWallet) }
        return try wallets.setDefault(selection)
    }

    /// Opens the vault (asking `secrets` when it is encrypted) and passes the legacy gate: what `wallet create` must
    /// get through before it shows a new phrase, so a phrase is never shown for a wallet that cannot be added.
    public func prepareWalletAdd(_ secrets: any SignerSecrets) throws(SignerError) -> SignerVault {
        let vault = try openVault(secrets)
        try legacyGate(vault: vault)
        return vault
    }

    /// Adds a wallet of the session's network for `mnemonic` (new or imported) to the vault `prepareWalletAdd`
    /// opened: the seed is stored and read back before the wallet's row exists.
    /// `chains` says where its BIP32 addresses are (another application's for a wallet brought with `--path` or
    /// `--preset`; ours by default).
    /// - Throws: `SignerError.rejected` when the same seed and passphrase are already a wallet of this network.
    public func addWallet(
        title: String?, mnemonic: Mnemonic, passphrase: String, derivation: DerivationScheme,
        chains: BIP32Chains = .standard, vault: SignerVault
    ) throws(SignerError) -> WalletInfo {
        try SignerWallets(home: home, network: network).add(
            title: title, mnemonic: mnemonic, passphrase: passphrase, derivation: derivation, chains: chains,
            vault: vault)
    }

    /// Every wallet of the home (all networks), with seeds, receipts, sweep keys and wallet-file keys, and the
    /// spending policy (always, when the home has one), sealed under `password` as `.bep` bytes. The policy is left
    /// out only with `excludingPolicyWith`, whose policy passphrase must be the policy's: a backup must not be a way
    /// around the policy for whoever holds only the store passphrase.
    /// - Returns: the bytes, the number of wallets and the number of pending transactions carried.
    /// - Throws: `SignerError.policy(.wrongPassphrase)` (77) when the policy passphrase is wrong; nothing is written.
    public func sealBackup(
        password: SecureBytes, secrets: any SignerSecrets, excludingPolicyWith policySecrets: (any PolicySecrets)? = nil
    ) throws(SignerError) -> (bytes: [UInt8], wallets: Int, pending: Int) {
        var includePolicy = true
        let vault = try openVault(secrets)
        // A policy row deleted or changed outside hf-signer must not make a backup without (or with another) policy.
        try PolicyVaultCopy.check(try StoredPolicy.load(home), vault: vault.store)
        if let policySecrets, let existing = try StoredPolicy.load(home) {
            let passphrase = try policySecrets.policyPassphrase(new: false)
            do { try existing.passphrase.check(passphrase) } catch { throw .policy(error) }
            includePolicy = false
        }
        let document = try BackupService.document(home: home, vault: vault, includePolicy: includePolicy)
        let pending = document.wallets.reduce(0) { $0 + $1.pending.transactions.count }
        return (try BackupService.seal(document, password: password), document.wallets.count, pending)
    }

    /// Restores every wallet of `document` into the home of `explicit` (created if missing), holding its lock:
    /// new wallets are added in one store transaction, existing ones are left alone. The vault is created with the
    /// store passphrase when the home has none. A home that records no network records the backup's when its
    /// wallets share one. When it fails, a home this call created is removed again.
    public static func restoreBackup(
        _ document: BackupDocument, explicit: String?, network: Network, secrets: any SignerSecrets
    ) throws(SignerError) -> (session: SignerSession, outcomes: [BackupRestore.Outcome]) {
        let home = try SignerHome.create(explicit: explicit)
        let session: SignerSession
        do { session = try SignerSession(home: home, network: network) } catch {
            home.discardIfNew()
            throw error
        }
        do {
            let vault = try home.openOrCreateVault(passphrase: try secrets.storePassphrase())
            session.openedVault = vault
            let restored = try BackupRestore.restore(document, home: home, vault: vault)
            // After the commit: a home without a recorded network takes the backup's, when its wallets share one
            // (as `init --network` records it); a home that records one keeps it. Not recording it fails nothing:
            // the networks the home then holds decide.
            let networks = Set(document.wallets.map(\.network))
            if networks.count == 1, let only = networks.first { try? home.recordNetwork(only) }
            session.restoredPolicy = restored.policy
            session.headersNeeded = restored.headersNeeded
            return (session, restored.outcomes)
        } catch {
            // A home this process created is removed again while the lock is held: a failed restore into a new
            // home leaves nothing behind. A home that existed is left as it was (the restore is one transaction).
            home.discardIfNew()
            session.close()
            throw error
        }
    }
}
