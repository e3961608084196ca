import HFCommandLine

/// `hf-signer migrate`: importing wallets from a legacy DashSync keychain (docs/requirements/legacy-migration.md).
struct MigrateCommand: CommandGroup {
    static let name = "migrate"
    static let abstract = "Import wallets from a legacy DashSync keychain directory."
    static let subcommands: [any Command.Type] = [
        MigrateDashSyncCommand.self, MigrateStatusCommand.self, MigrateForgetCommand.self,
    ]
}
