import Foundation
public import HFStore

/// The migration's sentinel, ledger and defer flags, kept in the signer's preferences table.
public struct MigrationFlags {
    private let preferences: Preferences

    /// The flags stored in `database` (a signer store).
    public init(database: Database) { preferences = Preferences(database: database) }

    /// Whether the done sentinel is set.
    public func isDone() throws(DatabaseError) -> Bool { try preferences.value(MigrationKeys.done) != nil }

    /// Sets the done sentinel.
    public func setDone() throws(DatabaseError) { try preferences.set(MigrationKeys.done, to: "1") }

    /// Whether `key` (a defer flag) is set.
    public func isSet(_ key: String) throws(DatabaseError) -> Bool { try preferences.value(key) != nil }

    /// Sets the flag `key`.
    public func set(_ key: String) throws(DatabaseError) { try preferences.set(key, to: "1") }

    /// Clears every defer flag (the legacy `deferredMultiWallet` included).
    public func clearDeferFlags() throws(DatabaseError) {
        for key in MigrationKeys.deferFlags { try preferences.remove(key) }
    }

    /// The DashSync wallet IDs already migrated.
    public func ledger() throws(DatabaseError) -> Set<String> {
        guard let text = try preferences.value(MigrationKeys.migratedDashSyncWalletIds),
            let ids = try? JSONDecoder().decode([String].self, from: Data(text.utf8))
        else { return [] }
        return Set(ids)
    }

    /// Adds `walletID` to the ledger (persisted at once).
    public func addToLedger(_ walletID: String) throws(DatabaseError) {
        var ids = try ledger()
        ids.insert(walletID)
        let data = (try? JSONEncoder().encode(ids.sorted())) ?? Data("[]".utf8)
        try preferences.set(MigrationKeys.migratedDashSyncWalletIds, to: String(decoding: data, as: UTF8.self))
    }

    /// Removes `walletIDs` from the ledger (their legacy mnemonics were deleted by an explicit removal).
    public func removeFromLedger(_ walletIDs: Set<String>) throws(DatabaseError) {
        let ids = try ledger().subtracting(walletIDs)
        let data = (try? JSONEncoder().encode(ids.sorted())) ?? Data("[]".utf8)
        try preferences.set(MigrationKeys.migratedDashSyncWalletIds, to: String(decoding: data, as: UTF8.self))
    }

    /// Removes the sentinel, the ledger and every flag (a successful full wipe).
    public func reset() throws(DatabaseError) {
        for key in [MigrationKeys.done, MigrationKeys.migratedDashSyncWalletIds] + MigrationKeys.deferFlags {
            try preferences.remove(key)
        }
    }
}
