/// The SQL side of a ``HeaderFileStore``: one row in `header_store_<network>` holding the ``HeaderStoreState``.
///
/// Each method is one statement, so each change commits on its own (durably, with `synchronous=FULL`).
struct HeaderStoreTable {
    /// The connection.
    let database: Database
    /// `header_store_<network>`.
    let name: String

    /// The table for `network` (already validated as a safe identifier).
    init(database: Database, network: String) {
        self.database = database
        self.name = "header_store_\(network)"
    }

    /// Creates the table if it is missing.
    func create() throws(HeaderStoreError) {
        try run(
            """
            CREATE TABLE IF NOT EXISTS \(name) (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                checkpoint BLOB NOT NULL,
                record_count INTEGER NOT NULL,
                tip_digest BLOB,
                redo_index INTEGER,
                redo_count INTEGER,
                redo_digest BLOB
            ) STRICT
            """, [])
    }

    /// Removes the table.
    func drop() throws(HeaderStoreError) {
        try run("DROP TABLE IF EXISTS \(name)", [])
    }

    /// The stored state, or nil when there is no row yet.
    func read() throws(HeaderStoreError) -> HeaderStoreState? {
        let values: [SQLiteValue]
        do {
            let statement = try database.prepare(
                "SELECT checkpoint, record_count, tip_digest, redo_index, redo_count, redo_digest FROM \(name) "
                    + "WHERE id = 1")
            guard try statement.step() else { return nil }
            values = try (0..<6).map { (column) throws(DatabaseError) in try statement.value(at: column) }
            statement.reset()
        } catch {
            throw .database(error)
        }
        return try HeaderStoreState(row: values, table: name)
    }

    /// Replaces the row with `state` (the empty state, when seeding or wiping).
    func write(_ state: HeaderStoreState) throws(HeaderStoreError) {
        try run(
            "INSERT OR REPLACE INTO \(name) "
                + "(id, checkpoint, record_count, tip_digest, redo_index, redo_count, redo_digest) "
                + "VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
            [
                .blob(state.checkpoint), .integer(Int64(state.count)), state.tipDigest.map(SQLiteValue.blob) ?? .null,
                state.redo.map { .integer(Int64($0.index)) } ?? .null,
                state.redo.map { .integer(Int64($0.count)) } ?? .null,
                state.redo.map { .blob($0.digest) } ?? .null,
            ])
    }

    /// Records a new tip and clears any pending rewrite, in one statement.
    func setTip(count: Int, digest: [UInt8]?) throws(HeaderStoreError) {
        try run(
            "UPDATE \(name) SET record_count = ?1, tip_digest = ?2, redo_index = NULL, redo_count = NULL, "
                + "redo_digest = NULL WHERE id = 1",
            [.integer(Int64(count)), digest.map(SQLiteValue.blob) ?? .null])
    }

    /// Records a pending rewrite (its side file must already be durable).
    func setRedo(_ redo: HeaderStoreState.Redo) throws(HeaderStoreError) {
        try run(
            "UPDATE \(name) SET redo_index = ?1, redo_count = ?2, redo_digest = ?3 WHERE id = 1",
            [.integer(Int64(redo.index)), .integer(Int64(redo.count)), .blob(redo.digest)])
    }

    /// Runs one statement with bindings, wrapping failures.
    private func run(_ sql: String, _ bindings: [SQLiteValue]) throws(HeaderStoreError) {
        do {
            try database.execute(sql, bindings: bindings)
        } catch {
            throw .database(error)
        }
    }
}
