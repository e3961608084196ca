/// Why a ``HeaderFileStore`` operation failed.
///
/// No case carries record bytes. The corruption cases (``fileShorterThanTip(path:records:expected:)``,
/// ``tipMismatch(path:)``, ``redoDamaged(path:)``, ``damagedState(table:detail:)``) mean the files were changed
/// behind the store's back or the disk lost synced data; ``HeaderFileStore/discard(directory:network:database:)``
/// removes the store so that it can be rebuilt from the checkpoint.
public enum HeaderStoreError: Error, Equatable, Sendable {
    /// The network name is not 1–16 lower-case letters, digits or `_`, starting with a letter.
    case invalidNetworkName(String)
    /// The checkpoint hash is `length` bytes instead of 32.
    case invalidCheckpointHash(length: Int)
    /// The record at `position` in the given array is `size` bytes instead of 80; nothing was changed.
    case invalidRecordSize(position: Int, size: Int)
    /// `index` is outside `0...count`; nothing was changed.
    case indexOutOfRange(index: Int, count: Int)
    /// Another process (or another store in this process) holds the header file at `path`.
    case busy(path: String)
    /// A mutating call was made while the database was inside a transaction, where the store's own commits would
    /// not be durable; nothing was changed.
    case insideTransaction
    /// The header file holds `records` whole records but the database's tip says `expected`.
    case fileShorterThanTip(path: String, records: Int, expected: Int)
    /// The last record in the header file is not the one the database recorded as the tip.
    case tipMismatch(path: String)
    /// A suffix rewrite is pending but its side file is missing or does not match what was recorded.
    case redoDamaged(path: String)
    /// Something other than a regular file is at `path` (a directory, a symbolic link, a device).
    case notRegularFile(path: String)
    /// The store's database row holds impossible values.
    case damagedState(table: String, detail: String)
    /// A file operation failed.
    case file(FileSystemError)
    /// A database operation failed.
    case database(DatabaseError)
}

extension HeaderStoreError: DatabaseErrorConvertible {
    /// Wraps a database failure as ``database(_:)``.
    public init(databaseError: DatabaseError) { self = .database(databaseError) }
}

extension HeaderStoreError: CustomStringConvertible {
    /// A sentence saying what went wrong and what to do.
    public var description: String {
        let rebuild = "discard the header store (it is rebuilt from the checkpoint) and import headers again"
        switch self {
        case .invalidNetworkName(let name):
            return "'\(name)' is not a usable network name (1-16 lower-case letters, digits or '_'); "
                + "this is a program bug, please report it"
        case .invalidCheckpointHash(let length):
            return "a checkpoint hash is 32 bytes, not \(length); this is a program bug, please report it"
        case .invalidRecordSize(let position, let size):
            return "header record \(position) of the run is \(size) bytes instead of 80; nothing was stored; "
                + "check the header data"
        case .indexOutOfRange(let index, let count):
            return "cannot replace headers from position \(index): the store holds \(count); nothing was stored"
        case .busy(let path):
            return "the header store '\(path)' is in use by another process; try again when it has finished"
        case .insideTransaction:
            return "the header store cannot write inside a database transaction; this is a program bug, "
                + "please report it"
        case .fileShorterThanTip(let path, let records, let expected):
            return "the header file '\(path)' holds \(records) headers but the database expects \(expected): "
                + "it was truncated or replaced; \(rebuild)"
        case .tipMismatch(let path):
            return "the last header in '\(path)' is not the recorded tip: the file was changed; \(rebuild)"
        case .redoDamaged(let path):
            return "an interrupted header update cannot be completed because '\(path)' is missing or damaged; "
                + rebuild
        case .notRegularFile(let path):
            return "'\(path)' is not a regular file; move it away so the header store can be recreated"
        case .damagedState(let table, let detail):
            return "the header store's database table '\(table)' is damaged (\(detail)); \(rebuild)"
        case .file(let error):
            return error.description
        case .database(let error):
            return error.description
        }
    }
}
