/// The outcome of one `migrateIfNeeded` run: counts only, never wallet IDs.
public struct MigrationReport: Sendable, Equatable, Encodable {
    /// Whether the done sentinel is set after the run.
    public enum State: String, Sendable, Encodable {
        case done
        case incomplete
    }

    public var state: State = .incomplete
    /// Wallets imported by this run.
    public var migrated = 0
    /// Wallets skipped because the ledger already holds them.
    public var alreadyMigrated = 0
    public var orphaned = 0
    public var unknownChain = 0
    public var undetermined = 0
    /// Wallets whose mnemonic was missing or invalid, or whose host creation failed (plus 1 when the keychain could
    /// not be enumerated).
    public var failed = 0
    /// Whether the run returned at step 1 (the sentinel was already set).
    public var skipped = false

    /// An empty report.
    public init() {}

    /// The one summary line of the run for the signer's log.
    public var summaryLine: String {
        "migration.dashsync state=\(state.rawValue) migrated=\(migrated) alreadyMigrated=\(alreadyMigrated) "
            + "orphaned=\(orphaned) unknownChain=\(unknownChain) undetermined=\(undetermined) failed=\(failed)"
    }

    private enum CodingKeys: String, CodingKey {
        case state, migrated, alreadyMigrated, orphaned, unknownChain, undetermined, failed
    }
}
