public import HFSPV
import HFStore
import HFWallet

/// The wallet a command works on, opened by its session: the wallet's facts, its keys (the vault's seed, checked
/// against the stored identity key), the open vault and the session's header chain.
public struct SignerWallet {
    /// The home.
    public let home: SignerHome
    /// The wallet's facts.
    public let info: WalletInfo
    /// Its keys.
    let keys: WalletKeys
    /// The unlocked active vault (for the keys a wallet keeps besides its phrase, e.g. sweep keys).
    let vault: SignerVault
    /// The header chain of the wallet's network (the session's, opened once): it decides what is confirmed.
    public let chain: HeaderChain
    /// Where new key material comes from (the kernel's generator; tests substitute it).
    var randomSource: RandomSource = .kernel

    /// The address book of the wallet.
    var book: AddressBook { AddressBook(home: home, wallet: info, keys: keys) }

    /// The wallet's ledger: its coins and transactions, their states derived from the chain.
    public func ledger() throws(SignerError) -> WalletLedger { try WalletLedger(home: home, book: book, chain: chain) }
}

extension SignerSession {
    /// Opens the home's active vault, asking `secrets` for the store passphrase only when the vault is encrypted.
    public func openVault(_ secrets: any SignerSecrets) throws(SignerError) -> SignerVault {
        if let openedVault { return openedVault }
        let passphrase = try home.activeVaultNeedsPassphrase() ? try secrets.storePassphrase() : nil
        let vault = try home.openActiveVault(passphrase: passphrase)
        openedVault = vault
        return vault
    }

    /// The legacy launch gate every wallet command passes first (docs/requirements/legacy-migration.md): with a legacy keychain recorded, runs the
    /// migrator when `vault` is open and refuses (`migrationDeferred`) while legacy wallets are pending or unreadable.
    public func legacyGate(vault: SignerVault?) throws(SignerError) {
        try SignerMigration(home: home).gate(vault: vault)
    }

    /// Opens the selected wallet of the session's network: the vault, the legacy gate, the recovery of wallets whose
    /// rows are missing (docs/requirements/legacy-migration.md, after finishing any vault deletion a removal left), the selection and the keys.
    public func openWallet(_ selection: WalletSelection, secrets: any SignerSecrets) throws(SignerError) -> SignerWallet {
        let vault = try openVault(secrets)
        try legacyGate(vault: vault)
        _ = try SignerMigration(home: home).recoverPersistedWallets(network: network, vault: vault)
        let wallets = SignerWallets(home: home, network: network)
        let info = try wallets.select(selection)
        let keys = try wallets.keys(for: info, vault: vault)
        return SignerWallet(
            home: home, info: info, keys: keys, vault: vault, chain: try chain(), randomSource: randomSource)
    }
}
