import Foundation
import HFMigration

/// What `migrate dashsync` did: the migrator's report (its `--json` shape), with the summary line.
public struct DashSyncMigrationOutcome: Encodable, Sendable {
    let report: MigrationReport

    /// Whether some legacy wallet is still waiting (the command exits 75 then).
    public var isIncomplete: Bool { report.state == .incomplete }
    /// The report's one-line summary.
    public var summary: String { report.summaryLine.replacingOccurrences(of: "migration.dashsync ", with: "") }

    public func encode(to encoder: any Encoder) throws { try report.encode(to: encoder) }
}

/// The legacy-migration use cases of a session (docs/requirements/legacy-migration.md).
extension SignerSession {
    /// Records `directory` as the legacy keychain and runs the migrator into the active vault.
    public func migrateDashSync(keychainDirectory directory: String, secrets: any SignerSecrets)
        throws(SignerError) -> DashSyncMigrationOutcome
    {
        let vault = try openVault(secrets)
        try LegacyKeychainSetting(home: home).set(directory)
        return DashSyncMigrationOutcome(
            report: try SignerMigration(home: home).migrate(keychain: LegacyKeychain(root: directory), vault: vault))
    }

    /// `migrate status`, against the recorded legacy keychain or `directory` when given.
    public func migrationStatus(keychainDirectory directory: String?) throws(SignerError) -> MigrationStatus {
        var keychain = try LegacyKeychainSetting(home: home).keychain()
        if let directory { keychain = LegacyKeychain(root: directory) }
        return try SignerMigration(home: home).status(keychain: keychain)
    }

    /// Stops using the recorded legacy keychain (it is left as it is).
    public func forgetLegacyKeychain() throws(SignerError) { try LegacyKeychainSetting(home: home).forget() }
}

extension MigrationStatus {
    /// The launch state's name (`absent`, `pending`, `done`, `unreadable`, …).
    public var launchStateName: String { launchState.rawValue }
}
