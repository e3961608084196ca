public import HFStore

/// The wiper (docs/requirements/legacy-migration.md `SwiftDashSDKWalletWiper`): deletes every vault mnemonic and wallet row, reporting success
/// only once the vault holds no wallet mnemonic; app state (preferences, migration flags, active wallets) is cleared
/// only after that point. A failed wipe keeps app state so the user can retry.
///
/// Order: authorization (``WipeAuthorization``) → legacy cleanup (its failure aborts everything) → per wallet, in one
/// store transaction, its row (with transactions and indexes), then its vault mnemonic after the commit
/// (`VaultDeletions`) → the inventory check → app state. The legacy service directory and non-mnemonic legacy items are never touched.
public struct WalletWiper {
    /// What a successful wipe removed.
    public struct Result: Sendable, Equatable, Encodable {
        public let reason: String
        public let walletsRemoved: Int
        public let legacyAccountsRemoved: Int
    }

    private let database: Database
    private let vault: any KeyshareVault
    private let keychain: LegacyKeychain?
    private let keptPreferences: [String]

    /// A wiper over the signer store. `keptPreferences` survive the app-state reset (configuration such as the
    /// legacy keychain directory).
    public init(database: Database, vault: any KeyshareVault, keychain: LegacyKeychain?, keptPreferences: [String] = []) {
        self.database = database
        self.vault = vault
        self.keychain = keychain
        self.keptPreferences = keptPreferences
    }

    /// Wipes under `reason`.
    ///
    /// - Throws: ``WipeError``.
    public func wipe(_ reason: WipeReason) throws(WipeError) -> Result {
        let stored = StoredMnemonics(vault: vault, keychain: keychain)
        let legacyAccounts: [String]
        switch WipeAuthorization.decide(reason, stored: stored) {
        case .denied(let why): throw .notAuthorized(why)
        case .authorized(let accounts): legacyAccounts = accounts
        }
        if let keychain {
            for account in legacyAccounts {
                do { try keychain.deleteMnemonic(account: account) } catch {
                    throw .legacyCleanupFailed(error.description)
                }
            }
        }
        let records = WalletRecords(database: database)
        // Wallets an earlier wipe or removal forgot but whose seeds it could not delete yet count as removed now.
        var removed = ((try? VaultDeletions(database: database).finish(vault: vault)) ?? [])
            .filter { $0.hasPrefix(VaultWalletEntry.prefix) }.count
        var failures: [String] = []
        let rows: [WalletRecord]
        do { rows = try records.all() } catch { throw .failed("cannot list wallets: \(error)") }
        for row in rows {
            do throws(WalletRemovalError) {
                try WalletRemovalStep.remove(row.walletID, vaultID: row.vaultID, database: database, vault: vault)
                removed += 1
            } catch {
                // A failure after the commit left the row removed and its seed queued: the check below decides.
                if ((try? records.find(row.walletID)) ?? nil) == nil { removed += 1 }
                failures.append(error.description)
            }
        }
        if let leftover = try? VaultWalletEntry.ids(in: vault) {
            for walletID in leftover { try? vault.delete(id: VaultWalletEntry.prefix + walletID) }
        }
        let remaining = (try? VaultWalletEntry.ids(in: vault).count) ?? -1
        guard remaining == 0 else {
            throw .failed(
                "the vault still holds \(remaining < 0 ? "an unknown number of" : String(remaining)) wallet "
                    + "mnemonic(s)\(failures.first.map { ": \($0)" } ?? ""); app state was kept, try again")
        }
        do {
            try database.transaction { () throws(DatabaseError) in
                try Preferences(database: database).removeAll(except: keptPreferences)
            }
        } catch {
            throw .failed("the wallets were wiped but app state could not be cleared: \(error)")
        }
        return Result(reason: reason.name, walletsRemoved: removed, legacyAccountsRemoved: legacyAccounts.count)
    }
}
