public import HFPrimitives
public import HFStore

/// Per-wallet Remove (docs/requirements/legacy-migration.md): the legacy mnemonic accounts holding the wallet's seed, then the seed's
/// deterministic IDs on the other networks, and the live network last. Always leaves a wallet to switch to.
public struct WalletRemover {
    /// How a removal request is routed.
    public enum Plan: Sendable, Equatable {
        /// Another wallet of the live network remains: remove this one.
        case perWallet
        /// Ground truth proves every stored wallet ID holds this seed: only a global wipe can remove it.
        case routeToWipe
        /// Refused up front: no other wallet to switch to, and a hidden or unreadable stored wallet keeps this from
        /// being a global wipe.
        case refused(String)
    }

    /// What a removal deleted.
    public struct Result: Sendable, Equatable, Encodable {
        public let walletIdsRemoved: [String]
        public let legacyAccountsRemoved: Int
    }

    private let database: Database
    private let vault: any KeyshareVault
    private let keychain: LegacyKeychain?

    /// A remover over the signer store, with the legacy keychain when one is configured.
    public init(database: Database, vault: any KeyshareVault, keychain: LegacyKeychain?) {
        self.database = database
        self.vault = vault
        self.keychain = keychain
    }

    /// Routes the removal of `target` on `liveNetwork`. Never trusts row counts alone: another wallet counts only
    /// when its vault mnemonic reads back and holds a different seed.
    public func plan(_ target: WalletRecord, liveNetwork: Network) -> Plan {
        guard let entry = VaultWalletEntry.read(target.walletID, from: vault) else {
            return .refused("the wallet's own recovery phrase cannot be read from the vault")
        }
        let rows = (try? WalletRecords(database: database).list(network: liveNetwork)) ?? []
        let switchable = rows.contains { row in
            guard row.walletID != target.walletID, let other = VaultWalletEntry.read(row.walletID, from: vault) else {
                return false
            }
            return !other.samePhrase(as: entry.mnemonic)
        }
        if switchable { return .perWallet }
        let stored = StoredMnemonics(vault: vault, keychain: keychain)
        if stored.allReadable, stored.matches(entry.mnemonic).other == 0 { return .routeToWipe }
        return .refused(
            "this is the only wallet of \(liveNetwork.rawValue) to switch to, and another stored wallet is hidden or "
                + "cannot be read, so removing it cannot become a full reset either")
    }

    /// Removes `target` after ``plan(_:liveNetwork:)`` said `.perWallet`.
    ///
    /// - Throws: ``WipeError/notAuthorized(_:)`` for any other plan; `.legacyCleanupFailed` when a legacy
    ///   mnemonic cannot be read or deleted (nothing in the store is removed then); `.failed`.
    public func remove(_ target: WalletRecord, liveNetwork: Network) throws(WipeError) -> Result {
        switch plan(target, liveNetwork: liveNetwork) {
        case .perWallet: break
        case .routeToWipe:
            throw .notAuthorized(
                "every stored wallet holds this recovery phrase, so removing it is a full reset: use `hf-signer wipe`")
        case .refused(let why): throw .notAuthorized(why)
        }
        guard let entry = VaultWalletEntry.read(target.walletID, from: vault) else {
            throw .failed("the wallet's recovery phrase cannot be read")
        }
        var legacyRemoved = 0
        if let keychain {
            let stored = StoredMnemonics(vault: vault, keychain: keychain)
            guard !stored.enumerationFailed, stored.legacy.allSatisfy({ $0.mnemonic != nil }) else {
                throw .legacyCleanupFailed("a legacy mnemonic cannot be read, so its seed cannot be compared")
            }
            for account in stored.legacyAccounts(holding: entry.mnemonic) {
                do { try keychain.deleteMnemonic(account: account) } catch { throw .legacyCleanupFailed(error.description) }
                if let legacyID = DashSyncLayout.walletID(fromMnemonicAccount: account) {
                    try? MigrationFlags(database: database).removeFromLedger([legacyID])
                }
                legacyRemoved += 1
            }
        }
        let order = Network.allCases.filter { $0 != liveNetwork } + [liveNetwork]
        var removed: [String] = []
        for network in order {
            guard let walletID = entry.walletID(on: network) else { continue }
            let vaultID = VaultWalletEntry.prefix + walletID
            let hasRow = ((try? WalletRecords(database: database).find(walletID)) ?? nil) != nil
            let hasItem = (try? vault.read(id: vaultID)) != nil
            guard hasRow || hasItem else { continue }
            do throws(WalletRemovalError) {
                try WalletRemovalStep.remove(walletID, vaultID: vaultID, database: database, vault: vault)
            } catch {
                throw .failed(error.description)
            }
            removed.append(walletID)
        }
        return Result(walletIdsRemoved: removed, legacyAccountsRemoved: legacyRemoved)
    }
}
