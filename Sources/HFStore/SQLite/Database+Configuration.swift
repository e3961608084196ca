internal import CSQLite

import HFSystem

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
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow], permissions: 0o600)
        } catch let error where error.code == Errno.fileExists {
            return
        } catch {
            throw .cannotOpen(
                path: path, code: SQLITE_CANTOPEN,
                message: FileSystemError(.create, path: path, error).description)
        }
        defer { fd.closeIgnoringErrors() }
        do { try fd.setPermissions(0o600) } catch {
            throw .cannotOpen(
                path: path, code: SQLITE_CANTOPEN,
                message: FileSystemError(.changeMode, path: path, error).description)
        }
    }
}
