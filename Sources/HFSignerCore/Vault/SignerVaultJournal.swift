public import HFMigration
public import HFStore

/// The signer's vault settings, kept in `signer.sqlite`'s preferences:
/// - `vault.kind`: the active vault (`encrypted`, `file`, `single-file`); absent means `encrypted`.
/// - `vault.migration`: the record of an unfinished migration (`from>to>phase`); absent when none.
///
/// Saving a `deleting` record sets `vault.kind` to the new vault in the same transaction: the switch of the active
/// vault and the journal's phase can never disagree.
public struct SignerVaultJournal: VaultMigrationJournal {
    static let kindKey = "vault.kind"
    static let migrationKey = "vault.migration"
    /// The preferences that say which vault is active; a wipe's app-state reset keeps them.
    static let settingKeys = [kindKey, migrationKey]

    private let database: Database

    /// The journal of `home`.
    public init(home: SignerHome) { database = home.database }

    /// The active kind: the migration record's `active` while one is pending, else `vault.kind`.
    public func activeKind() throws(VaultMigrationError) -> VaultKind {
        if let record = try load() { return record.active }
        let stored = try journal { () throws(DatabaseError) in try Preferences(database: database).value(Self.kindKey) }
        guard let stored else { return .encrypted }
        guard let kind = VaultKind(rawValue: stored) else {
            throw .journal(reason: "the preference vault.kind holds '\(stored)', not a vault kind")
        }
        return kind
    }

    public func load() throws(VaultMigrationError) -> VaultMigrationRecord? {
        let stored = try journal { () throws(DatabaseError) in try Preferences(database: database).value(Self.migrationKey) }
        guard let stored else { return nil }
        guard let record = VaultMigrationRecord(text: stored) else {
            throw .journal(reason: "the preference vault.migration holds '\(stored)', not a migration record")
        }
        return record
    }

    public func save(_ record: VaultMigrationRecord?) throws(VaultMigrationError) {
        let preferences = Preferences(database: database)
        try journal { () throws(DatabaseError) in
            try database.transaction { () throws(DatabaseError) in
                if let record {
                    try preferences.set(Self.migrationKey, to: record.text)
                    if record.phase == .deleting { try preferences.set(Self.kindKey, to: record.to.rawValue) }
                } else {
                    try database.execute("DELETE FROM preferences WHERE key = ?", bindings: [.text(Self.migrationKey)])
                }
            }
        }
    }

    private func journal<T>(_ body: () throws(DatabaseError) -> T) throws(VaultMigrationError) -> T {
        do { return try body() } catch { throw .journal(reason: error.description) }
    }
}
