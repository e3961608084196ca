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
    ///
    /// - Returns: whether the file was created here (a failed open then removes it again).
    static func createPrivateFile(_ path: String) throws(DatabaseError) -> Bool {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow], permissions: 0o600)
        } catch let error where error.code == Errno.fileExists {
            return false  // An existing file (or link) is SQLite's to open or refuse.
        } catch {
            throw .cannotOpen(
                path: path, code: SQLITE_CANTOPEN,
                message: FileSystemError(.create, path: path, error).description)
        }
        defer { fd.closeIgnoringErrors() }
        do { try fd.setPermissions(0o600) } catch {
            FileSystem.removeIfPresent(path)
            throw .cannotOpen(
                path: path, code: SQLITE_CANTOPEN,
                message: FileSystemError(.changeMode, path: path, error).description)
        }
        return true
    }

    /// The names SQLite keeps beside the database `path`: the write-ahead log, its shared-memory index and the
    /// rollback journal.
    static func companionFiles(of path: String) -> [String] {
        ["-wal", "-shm", "-journal"].map { path + $0 }
    }

    /// Removes a database file this connection attempt created, and its companions, after the open failed: a failed
    /// open leaves nothing behind (no empty database that a later open would take for a damaged one).
    static func removeCreatedFile(_ path: String) {
        for name in companionFiles(of: path) + [path] { FileSystem.removeIfPresent(name) }
        try? FileSystem.syncDirectory(containing: path)
    }
}
