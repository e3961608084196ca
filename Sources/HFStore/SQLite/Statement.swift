internal import CSQLite

/// A compiled SQL statement: bind parameters, step through rows, read typed columns.
///
/// Parameters are numbered from 1 (`?1`, or the order of `?`), as in SQLite; columns from 0. A statement keeps its
/// ``Database`` open and is finalised when the last reference to it goes away.
///
/// To read rows: `while try statement.step() { let id = try statement.int64(at: 0) … }`. When ``step()`` returns
/// false the statement has been reset (its bindings kept), releasing its read lock; stepping again re-runs it.
/// To run it again with other values, call ``bind(_:)`` (which resets it) or ``reset()`` and the single binds.
///
/// Not `Sendable`, like its connection.
public final class Statement {
    /// The connection, kept alive for as long as the statement exists.
    let database: Database
    /// The `sqlite3_stmt *` handle.
    let handle: OpaquePointer
    /// The statement's SQL text (no parameter values), for error messages.
    public let sql: String

    // MARK: - Initializers

    /// Compiles `sql`, which must be exactly one statement.
    init(database: Database, sql: String) throws(DatabaseError) {
        let text = Array(sql.utf8CString)
        var compiled: OpaquePointer?
        var trailing = false
        let code = text.withUnsafeBufferPointer { buffer in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(database.handle, buffer.baseAddress, -1, &compiled, &tail)
            if code == SQLITE_OK, let tail { trailing = Self.hasStatement(after: tail, in: database) }
            return code
        }
        guard code == SQLITE_OK else { throw database.failure(code, sql: sql) }
        guard let compiled else { throw .notSingleStatement(sql: sql) }
        guard !trailing else {
            sqlite3_finalize(compiled)
            throw .notSingleStatement(sql: sql)
        }
        self.database = database
        self.handle = compiled
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Properties

    /// The number of parameters the statement takes.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    // MARK: - Methods

    /// Advances to the next row.
    ///
    /// - Returns: true when a row is available to read, false when the statement has finished (it is then reset).
    /// - Throws: ``DatabaseError/failed(code:message:sql:)``; the statement is reset.
    public func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return false
        default:
            let error = database.failure(code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion, discarding any rows.
    ///
    /// - Throws: ``DatabaseError/failed(code:message:sql:)``.
    public func run() throws(DatabaseError) {
        while try step() {}
    }

    /// Resets the statement to its start and clears every binding (to SQL `NULL`).
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Whether SQLite finds another statement (or anything it cannot parse) in `tail`.
    private static func hasStatement(after tail: UnsafePointer<CChar>, in database: Database) -> Bool {
        guard tail.pointee != 0 else { return false }
        var next: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, tail, -1, &next, nil)
        sqlite3_finalize(next)
        return code != SQLITE_OK || next != nil
    }
}
