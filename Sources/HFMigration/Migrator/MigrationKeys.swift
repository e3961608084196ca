/// The preference keys of the legacy migration, with the exact names of docs/requirements/legacy-migration.md.
public enum MigrationKeys {
    /// Set once every discovered legacy wallet is migrated, ledgered or orphaned.
    public static let done = "swiftSDKKeyMigration.v1.done"
    /// The success ledger: the DashSync wallet IDs already imported (a JSON array of strings).
    public static let migratedDashSyncWalletIds = "swiftSDKKeyMigration.v1.migratedDashSyncWalletIds"
    /// Set when a run left a wallet listed only by an unsupported chain, or found no chain list at all.
    public static let deferredUnknownChain = "swiftSDKKeyMigration.v1.deferredUnknownChain"
    /// Set when a run left a wallet undetermined or failed.
    public static let deferredFailure = "swiftSDKKeyMigration.v1.deferredFailure"
    /// Legacy compatibility state: cleared by every run, never a skip condition.
    public static let deferredMultiWallet = "swiftSDKKeyMigration.v1.deferredMultiWallet"
    /// The defer flags every run clears first.
    public static let deferFlags = [deferredMultiWallet, deferredUnknownChain, deferredFailure]
}
