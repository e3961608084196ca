public import HFMigration
public import HFPrimitives
import HFStore

/// The signer's side of docs/requirements/legacy-migration.md: the migrator over the home's store and vault, the status, and the launch gate that
/// wallet commands pass first.
public struct SignerMigration {
    private let home: SignerHome

    /// The migration of `home`.
    public init(home: SignerHome) { self.home = home }

    /// The sentinel, ledger and flags.
    public var flags: MigrationFlags { MigrationFlags(database: home.database) }

    /// Runs `migrateIfNeeded` against `keychain`, importing into `vault`; the summary line goes to the signer log.
    public func migrate(keychain: LegacyKeychain, vault: SignerVault) throws(SignerError) -> MigrationReport {
        let vault = vault.store
        let log = SignerLog(home: home)
        let migrator = DashSyncKeyMigrator(
            keychain: keychain, flags: flags, host: StoreWalletHost(database: home.database, vault: vault),
            log: { log.record($0) })
        do { return try migrator.migrateIfNeeded() } catch { throw .database(error) }
    }

    /// The status of `migrate status`.
    public func status(keychain: LegacyKeychain?) throws(SignerError) -> MigrationStatus {
        let flags = self.flags
        do {
            return MigrationStatus(
                launchState: keychain.map { LegacyWalletMaterialState.of(keychain: $0, flags: flags) } ?? .absent,
                done: try flags.isDone(), deferredUnknownChain: try flags.isSet(MigrationKeys.deferredUnknownChain),
                deferredFailure: try flags.isSet(MigrationKeys.deferredFailure), migratedCount: try flags.ledger().count)
        } catch {
            throw .database(error)
        }
    }

    /// The launch gate of wallet commands. With a legacy keychain configured and migration not done: runs the
    /// migrator when `vault` is open, then refuses (`SignerError.migrationDeferred`, exit 75) while the launch state
    /// is pending or unreadable.
    public func gate(vault: SignerVault?) throws(SignerError) {
        guard let keychain = try LegacyKeychainSetting(home: home).keychain() else { return }
        do { if try flags.isDone() { return } } catch { throw .database(error) }
        if let vault { _ = try migrate(keychain: keychain, vault: vault) }
        let state = LegacyWalletMaterialState.of(keychain: keychain, flags: flags)
        switch state {
        case .absent: return
        case .pending:
            let unknownChain = (try? flags.isSet(MigrationKeys.deferredUnknownChain)) == true
            let failure = (try? flags.isSet(MigrationKeys.deferredFailure)) == true
            let reason =
                if unknownChain {
                    "a legacy DashSync wallet is listed only by an unsupported chain, or the keychain has no chain "
                        + "list, so migration cannot finish"
                } else if failure {
                    "legacy DashSync wallets could not all be migrated (a missing or invalid phrase, or a failed import)"
                } else {
                    "legacy DashSync wallets are waiting to be migrated; run `hf-signer migrate dashsync` (or this "
                        + "command with the store passphrase) first"
                }
            throw .migrationDeferred(
                reason: reason + "; no wallet command runs until then: see `hf-signer migrate status`, fix the legacy "
                    + "keychain and try again, or `hf-signer migrate forget` to stop using it")
        case .unreadable:
            throw .migrationDeferred(
                reason: "the legacy keychain '\(keychain.root)' cannot be read completely, so no wallet command "
                    + "runs; see `hf-signer migrate status`, or `hf-signer migrate forget` to stop using it")
        }
    }
}

/// The `--json` object of `migrate status`.
public struct MigrationStatus: Encodable, Sendable, Equatable {
    public let launchState: LegacyWalletMaterialState
    public let done: Bool
    public let deferredUnknownChain: Bool
    public let deferredFailure: Bool
    public let migratedCount: Int
}

extension SignerMigration {
    /// `recoverPersistedWallet` of docs/requirements/legacy-migration.md: recreates the rows of `network` whose vault mnemonic survived without a
    /// row (a crash between the vault write and the row), only for stored IDs of that network.
    @discardableResult
    public func recoverPersistedWallets(network: Network, vault: SignerVault) throws(SignerError)
        -> PersistedWalletRecovery.Outcome
    {
        let vault = vault.store
        let recovery = PersistedWalletRecovery(
            database: home.database, vault: vault, host: StoreWalletHost(database: home.database, vault: vault))
        do { return try recovery.recoverPersistedWallets(network: network) } catch { throw SignerError(error) }
    }
}
