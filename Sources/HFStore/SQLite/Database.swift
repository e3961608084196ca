internal import CSQLite

/// One connection to an SQLite database file, configured for crash safety.
///
/// Every connection runs in WAL mode with `synchronous=FULL` (a committed transaction survives a power cut),
/// `foreign_keys=ON`, extended result codes, and a busy timeout, so that a second process waits for the first
/// instead of failing at once. A database file this type creates has mode 0600, and SQLite gives its `-wal` and
/// `-shm` files the same mode.
///
/// **Size bound.** SQLite's length limit (`SQLITE_LIMIT_LENGTH`) is set to `maximumValueLength` (default
/// ``defaultMaximumValueLength``, 128 MiB; SQLite's own default is about 1 GB). It bounds every string, blob and row
/// both when written and when read back: a stored value beyond the limit (written by another program, or by a
/// connection with a larger limit) fails with `SQLITE_TOOBIG` instead of being loaded into memory.
///
/// **Threading.** Not `Sendable`: use a connection from one thread at a time (open one per thread if needed).
/// Statements keep their connection alive; the connection is closed when the last reference to it and to its
/// statements goes away, and every statement is finalised before that.
public final class Database {
    /// The default bound on a single string, blob or row: 128 MiB (twice the largest bundle, docs/design.md §4).
    public static let defaultMaximumValueLength = 128 << 20
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`: 5 seconds.
    public static let defaultBusyTimeout: Duration = .seconds(5)

    /// The database file's path as given (`:memory:` for an in-memory database).
    public let path: String
    /// Whether opening created the file (nothing was at ``path``): a failed first `init` removes it again.
    public let wasCreated: Bool
    /// The `sqlite3 *` handle.
    let handle: OpaquePointer
    /// How many ``transaction(_:)`` calls are running on this connection (the savepoint nesting depth).
    var transactionDepth = 0
    /// Set when a failed initialiser has already closed ``handle``.
    private var isClosed = false

    // MARK: - Initializers

    /// Opens (and by default creates) the database at `path` and configures it.
    ///
    /// - Parameters:
    ///   - path: the file; a symbolic link is refused. `:memory:` opens a private in-memory database (no WAL).
    ///   - create: create the file (mode 0600) when it does not exist; when false a missing file is an error.
    ///   - busyTimeout: how long to wait for another connection's lock.
    ///   - maximumValueLength: the largest string, blob or row accepted, in bytes (see the type's discussion).
    /// - Throws: ``DatabaseError/cannotOpen(path:code:message:)``, also when WAL mode cannot be enabled.
    public init(
        path: String, create: Bool = true, busyTimeout: Duration = Database.defaultBusyTimeout,
        maximumValueLength: Int = Database.defaultMaximumValueLength
    ) throws(DatabaseError) {
        precondition(maximumValueLength > 0, "Database: maximumValueLength must be positive")
        self.path = path
        let isFile = path != ":memory:" && !path.isEmpty
        let createdFile = create && isFile ? try Self.createPrivateFile(path) : false
        wasCreated = createdFile
        var opened: OpaquePointer?
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW
        if create { flags |= SQLITE_OPEN_CREATE }
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            if createdFile { Self.removeCreatedFile(path) }
            throw .cannotOpen(path: path, code: code, message: message)
        }
        handle = opened
        do {
            try configure(busyTimeout: busyTimeout, maximumValueLength: maximumValueLength, requireWAL: isFile)
        } catch {
            if createdFile {
                // Closed first, so that SQLite cannot write its companion files again after they are removed.
                sqlite3_close_v2(handle)
                isClosed = true
                Self.removeCreatedFile(path)
            }
            throw .cannotOpen(path: path, code: error.resultCode ?? SQLITE_ERROR, message: error.description)
        }
    }

    deinit {
        if !isClosed { sqlite3_close_v2(handle) }
    }

    // MARK: - Properties

    /// Whether a transaction is open on this connection (SQLite is not in autocommit mode).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The number of rows the most recent `INSERT`, `UPDATE` or `DELETE` changed.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the most recent successful `INSERT` on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    // MARK: - Methods

    /// Runs one or more SQL statements separated by `;`, without parameters, discarding any rows.
    ///
    /// For schema changes and pragmas. Statements before a failing one have run (wrap the call in
    /// ``transaction(_:)`` to make the whole script atomic).
    /// - Throws: ``DatabaseError/failed(code:message:sql:)`` naming the failing statement.
    public func execute(_ sql: String) throws(DatabaseError) {
        let text = Array(sql.utf8CString)
        try text.withUnsafeBufferPointer { (buffer) throws(DatabaseError) in
            guard var cursor = buffer.baseAddress else { return }
            while true {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, cursor, -1, &statement, &tail)
                guard code == SQLITE_OK else { throw failure(code, sql: sql) }
                guard let statement else { return }  // Only whitespace or comments were left.
                defer { sqlite3_finalize(statement) }
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW { step = sqlite3_step(statement) }
                guard step == SQLITE_DONE else {
                    throw failure(step, sql: String(cString: sqlite3_sql(statement)))
                }
                guard let tail, tail.pointee != 0 else { return }
                cursor = tail
            }
        }
    }

    /// Runs one statement with its parameters bound to `bindings` (`?1`, `?2`, … in order), discarding any rows.
    ///
    /// - Throws: ``DatabaseError``.
    public func execute(_ sql: String, bindings: [SQLiteValue]) throws(DatabaseError) {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        try statement.run()
    }

    /// Compiles one SQL statement.
    ///
    /// - Throws: ``DatabaseError/notSingleStatement(sql:)`` for an empty string or several statements, or
    ///   ``DatabaseError/failed(code:message:sql:)`` for a syntax error or a missing table.
    public func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The error for a failed SQLite call with result `code`, with the connection's message.
    func failure(_ code: Int32, sql: String) -> DatabaseError {
        .failed(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
