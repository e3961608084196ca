/// Why an SQLite operation failed.
///
/// Failures reported by SQLite carry its *extended* result code (`SQLITE_BUSY_SNAPSHOT` is 517, its primary code
/// `SQLITE_BUSY` is `517 & 0xff` = 5) and its message. Bound parameter values never appear in an error; SQL text
/// does (it holds no secrets: values are always bound).
public enum DatabaseError: Error, Equatable, Hashable, Sendable {
    /// The database at `path` could not be opened or configured.
    case cannotOpen(path: String, code: Int32, message: String)
    /// SQLite refused or failed a statement.
    case failed(code: Int32, message: String, sql: String)
    /// ``Database/prepare(_:)`` was given no statement, or more than one.
    case notSingleStatement(sql: String)
    /// ``Statement/bind(_:)`` was given `given` values for a statement with `expected` parameters.
    case parameterCountMismatch(expected: Int, given: Int, sql: String)
    /// A typed column read found another storage class.
    case typeMismatch(column: Int, expected: SQLiteStorageClass, found: SQLiteStorageClass, sql: String)
    /// A text column held bytes that are not valid UTF-8.
    case invalidText(column: Int, sql: String)
    /// An integer column's value does not fit the requested Swift type.
    case integerOutOfRange(column: Int, value: Int64, sql: String)
    /// A row holds a value no version of the program writes (`table`, the row's key, the value): the store is
    /// damaged; it is never read as some default.
    case unknownValue(table: String, row: String, value: String)
    /// The database's schema version `found` is newer than the newest this program knows, `supported`.
    case schemaTooNew(found: Int, supported: Int)

    /// The SQLite extended result code, when SQLite reported the failure.
    public var resultCode: Int32? {
        switch self {
        case .cannotOpen(_, let code, _), .failed(let code, _, _): code
        default: nil
        }
    }

    /// The SQLite primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, …), when SQLite reported the failure.
    public var primaryResultCode: Int32? { resultCode.map { $0 & 0xff } }
}

extension DatabaseError: CustomStringConvertible {
    /// A sentence saying what failed and what to do.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let code, let message):
            "cannot open the database '\(path)': \(message) (SQLite code \(code)); \(Self.advice(code))"
        case .failed(let code, let message, let sql):
            "the database refused `\(Self.abbreviated(sql))`: \(message) (SQLite code \(code)); \(Self.advice(code))"
        case .notSingleStatement(let sql):
            "`\(Self.abbreviated(sql))` is not exactly one SQL statement; this is a program bug, please report it"
        case .parameterCountMismatch(let expected, let given, let sql):
            "`\(Self.abbreviated(sql))` takes \(expected) parameters but \(given) were given; "
                + "this is a program bug, please report it"
        case .typeMismatch(let column, let expected, let found, let sql):
            "column \(column) of `\(Self.abbreviated(sql))` holds \(found.rawValue), not \(expected.rawValue); "
                + "the database was changed by something else or is damaged: restore it from a backup"
        case .invalidText(let column, let sql):
            "column \(column) of `\(Self.abbreviated(sql))` holds text that is not UTF-8; "
                + "the database is damaged: restore it from a backup"
        case .integerOutOfRange(let column, let value, let sql):
            "column \(column) of `\(Self.abbreviated(sql))` holds \(value), which is out of range; "
                + "the database is damaged: restore it from a backup"
        case .unknownValue(let table, let row, let value):
            "table \(table), row \(row) holds '\(value)', which no version writes; the database is damaged: "
                + "restore it from a backup"
        case .schemaTooNew(let found, let supported):
            "the database has schema version \(found) but this program knows only up to \(supported); "
                + "use a newer version of the program"
        }
    }

    /// What a user can do about an SQLite result code.
    static func advice(_ code: Int32) -> String {
        switch code & 0xff {
        case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
            "another process is using the database; try again when it has finished"
        case 13:  // SQLITE_FULL
            "the disk is full; free some space and try again"
        case 11, 26:  // SQLITE_CORRUPT, SQLITE_NOTADB
            "the database file is damaged or is not a database; restore it from a backup"
        case 3, 8, 14, 23:  // SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH
            "check that the file and its directory exist, belong to you and are writable"
        case 10:  // SQLITE_IOERR
            "the disk reported an error; check it before trying again"
        case 18:  // SQLITE_TOOBIG
            "a value is larger than the database accepts; check the input's size"
        default:
            "this is probably a program bug; please report it"
        }
    }

    /// The first 120 characters of `sql`, on one line.
    static func abbreviated(_ sql: String) -> String {
        let flat = sql.split(whereSeparator: \.isNewline).map { $0.drop(while: \.isWhitespace) }
            .joined(separator: " ")
        return flat.count > 120 ? String(flat.prefix(117)) + "..." : flat
    }
}
