internal import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Database {
    /// Applies the connection settings described on ``Database``.
    func configure(busyTimeout: Duration, maximumValueLength: Int, requireWAL: Bool) throws(DatabaseError) {
        sqlite3_extended_result_codes(handle, 1)
        let (seconds, attoseconds) = busyTimeout.components
        let milliseconds = max(0, min(Int64(Int32.max), seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        sqlite3_busy_timeout(handle, Int32(milliseconds))
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(clamping: maximumValueLength))
        try execute("PRAGMA foreign_keys = ON")
        let journal = try prepare("PRAGMA journal_mode = WAL")
        let mode = try journal.step() ? try journal.string(at: 0).lowercased() : ""
        journal.reset()
        if requireWAL, mode != "wal" {
            throw .failed(
                code: SQLITE_ERROR, message: "WAL journal mode is unavailable (got '\(mode)')",
                sql: "PRAGMA journal_mode = WAL")
        }
        try execute("PRAGMA synchronous = FULL")
    }

    /// Creates an empty database file with mode 0600 if nothing is at `path`, so that SQLite (which would use 0644
    /// less the umask) and its `-wal`/`-shm` files, which copy the database's mode, stay private.
    static func createPrivateFile(_ path: String) throws(DatabaseError) {
        switch Posix.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600) {
        case .success(let fd):
            let error = Posix.changeMode(fd, 0o600)
            Posix.closeFile(fd)
            if let error {
                throw .cannotOpen(
                    path: path, code: SQLITE_CANTOPEN,
                    message: FileSystemError(.changeMode, path: path, error).description)
            }
        case .failure(let error) where error.code == EEXIST:
            return
        case .failure(let error):
            throw .cannotOpen(
                path: path, code: SQLITE_CANTOPEN,
                message: FileSystemError(.create, path: path, error).description)
        }
    }
}
