/// The `spending_policy` and `spending_policy_allow` tables (schema 5): at most one policy per home. Callers wrap
/// changes in a transaction.
public struct SpendingPolicyRecords {
    private let database: Database

    /// The policy tables of `database` (a signer store at schema 5 or later).
    public init(database: Database) { self.database = database }

    /// The home's policy, if one is set.
    public func load() throws(DatabaseError) -> SpendingPolicyRecord? {
        let statement = try database.prepare(
            """
            SELECT max_per_tx, max_per_window, window_blocks, allowlist_only, max_fee, salt, iterations, verifier,
                updated_at FROM spending_policy WHERE id = 1
            """)
        guard try statement.step() else { return nil }
        let optional: (Int) throws(DatabaseError) -> UInt64? = { index throws(DatabaseError) in
            statement.isNull(at: index) ? nil : UInt64(try statement.int(at: index))
        }
        var record = SpendingPolicyRecord(
            maxPerTransaction: try optional(0), maxPerWindow: try optional(1),
            windowBlocks: statement.isNull(at: 2) ? nil : try statement.int(at: 2), allow: [],
            allowlistOnly: try statement.int(at: 3) == 1, maxFee: try optional(4), salt: try statement.blob(at: 5),
            iterations: try statement.int(at: 6), verifier: try statement.blob(at: 7),
            updatedAt: try statement.string(at: 8))
        statement.reset()
        let allow = try database.prepare("SELECT address FROM spending_policy_allow ORDER BY address")
        while try allow.step() { record.allow.append(try allow.string(at: 0)) }
        return record
    }

    /// Replaces the home's policy with `record`.
    public func save(_ record: SpendingPolicyRecord) throws(DatabaseError) {
        try remove()
        let integer: (UInt64?) -> SQLiteValue = { $0.map { .integer(Int64(clamping: $0)) } ?? .null }
        try database.execute(
            """
            INSERT INTO spending_policy (id, max_per_tx, max_per_window, window_blocks, allowlist_only, max_fee, salt,
                iterations, verifier, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            bindings: [
                integer(record.maxPerTransaction), integer(record.maxPerWindow),
                record.windowBlocks.map { .integer(Int64($0)) } ?? .null, .integer(record.allowlistOnly ? 1 : 0),
                integer(record.maxFee), .blob(record.salt), .integer(Int64(record.iterations)),
                .blob(record.verifier), .text(record.updatedAt),
            ])
        for address in Set(record.allow) {
            try database.execute("INSERT INTO spending_policy_allow (address) VALUES (?)", bindings: [.text(address)])
        }
    }

    /// Removes the home's policy (nothing happens when none is set).
    public func remove() throws(DatabaseError) {
        try database.execute("DELETE FROM spending_policy_allow")
        try database.execute("DELETE FROM spending_policy")
    }
}
