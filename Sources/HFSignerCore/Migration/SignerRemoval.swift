public import HFMigration
public import HFPrimitives
import HFStore

/// `wallet remove` and `wipe` over the signer's home: the authorization rules of docs/requirements/legacy-migration.md with the recorded legacy
/// keychain (if any).
public struct SignerRemoval {
    private let home: SignerHome
    private let vault: any KeyshareVault

    /// Removal and wipes of `home` with its open `vault`.
    public init(home: SignerHome, vault: SignerVault) {
        self.home = home
        self.vault = vault.store
    }

    /// Removes one wallet (and its seed's other-network IDs and legacy accounts), live network last.
    public func remove(_ wallet: WalletInfo, liveNetwork: Network) throws(SignerError) -> WalletRemover.Result {
        let keychain = try LegacyKeychainSetting(home: home).keychain()
        let remover = WalletRemover(database: home.database, vault: vault, keychain: keychain)
        let result: WalletRemover.Result
        do { result = try remover.remove(wallet.record, liveNetwork: liveNetwork) } catch { throw SignerError(error) }
        // Switch to the remaining wallet: the registry's deterministic fallback, persisted.
        do { _ = try ActiveWalletRegistry(database: home.database).activeWallet(for: liveNetwork) } catch {
            throw .database(error)
        }
        return result
    }

    /// Wipes every wallet under `reason`. The legacy keychain setting and the vault settings (`vault.kind`,
    /// `vault.migration`) survive the app-state reset: the store must keep opening the vault that holds its other
    /// items (e.g. wallet-file keys) and finish an interrupted vault migration.
    public func wipe(_ reason: WipeReason) throws(SignerError) -> WalletWiper.Result {
        let keychain = try LegacyKeychainSetting(home: home).keychain()
        let wiper = WalletWiper(
            database: home.database, vault: vault, keychain: keychain, keptPreferences: [LegacyKeychainSetting.key] + SignerVaultJournal.settingKeys)
        let result: WalletWiper.Result
        do { result = try wiper.wipe(reason) } catch { throw SignerError(error) }
        try SpendingPolicyReset.afterWipe(home)
        SignerLog(home: home).record("wipe reason=\(result.reason) wallets=\(result.walletsRemoved) legacy=\(result.legacyAccountsRemoved)")
        return result
    }
}

extension SignerError {
    /// Wraps a wipe or removal failure.
    public init(_ error: WipeError) {
        switch error {
        case .notAuthorized: self = .notAuthorized(reason: error.description)
        case .legacyCleanupFailed, .failed: self = .wipeFailed(reason: error.description)
        }
    }
}
