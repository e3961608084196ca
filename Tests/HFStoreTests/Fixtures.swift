import Foundation
import HFStore
import HFTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Helpers shared by the HFStore tests.
enum Fixtures {
    /// The checkpoint hash the header store tests (and `hf-store-crashtest`) use.
    static let checkpoint = [UInt8](repeating: 0x11, count: 32)

    /// The deterministic 80-byte record of `generation` at absolute `position` (same as `hf-store-crashtest`).
    static func record(generation: UInt64, position: Int) -> [UInt8] {
        let position = UInt64(position)
        var record = [UInt8](repeating: 0, count: 80)
        for i in 0..<8 {
            record[i] = UInt8(truncatingIfNeeded: generation >> (8 * UInt64(i)))
            record[8 + i] = UInt8(truncatingIfNeeded: position >> (8 * UInt64(i)))
        }
        for i in 16..<80 {
            record[i] = UInt8(truncatingIfNeeded: generation &* 31 &+ position &* 7 &+ UInt64(i))
        }
        return record
    }

    /// Records `range` of `generation`.
    static func records(_ generation: UInt64, _ range: Range<Int>) -> [[UInt8]] {
        range.map { record(generation: generation, position: $0) }
    }

    /// The permission bits of `path` (not following a final symbolic link).
    static func mode(of path: String) -> Int {
        var info = stat()
        precondition(lstat(path, &info) == 0, "lstat \(path) failed")
        return Int(info.st_mode & 0o7777)
    }

    /// Sets the permission bits of `path`.
    static func setMode(_ path: String, _ mode: Int) {
        precondition(chmod(path, mode_t(mode)) == 0, "chmod \(path) failed")
    }

    /// Serialises the tests that change the process-wide umask, so that their save/restore pairs never interleave.
    private static let umaskLock = Mutex(())

    /// Runs `body` with the umask set to `mask`, then restores it.
    static func withUmask<R>(_ mask: Int, _ body: () throws -> R) rethrows -> R {
        try umaskLock.withLock { _ in
            let old = umask(mode_t(mask))
            defer { umask(old) }
            return try body()
        }
    }

    /// The size of the file at `path`.
    static func size(of path: String) -> Int {
        var info = stat()
        precondition(stat(path, &info) == 0, "stat \(path) failed")
        return Int(info.st_size)
    }

    /// Whether anything (even a dangling symbolic link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The names in `directory`.
    static func names(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// Overwrites or extends the file at `path` with `bytes` at `offset`.
    static func patch(_ path: String, at offset: Int, _ bytes: [UInt8]) throws {
        guard let handle = FileHandle(forUpdatingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    /// Cuts the file at `path` to `length` bytes.
    static func truncate(_ path: String, to length: Int) {
        precondition(Glibc.truncate(path, off_t(length)) == 0, "truncate \(path) failed")
    }
}

/// A temporary directory with a database and, on demand, a header store in it.
final class StoreFixture {
    /// The directory (removed when the fixture goes away).
    let directory: TemporaryDirectory

    /// A new, empty directory.
    init() throws { directory = try TemporaryDirectory() }

    /// The directory's path.
    var path: String { directory.url.path }

    /// The database file's path.
    var databasePath: String { directory.path("store.sqlite") }

    /// The main header file's path for `network`.
    func headerPath(_ network: String = "main") -> String { directory.path("headers-\(network).dat") }

    /// The side file's path for `network`.
    func sidePath(_ network: String = "main") -> String { directory.path("headers-\(network).redo") }

    /// Opens a fresh connection to the database.
    func database() throws -> Database { try Database(path: databasePath) }

    /// Opens the header store (with its own connection).
    func store(
        network: String = "main", checkpoint: [UInt8] = Fixtures.checkpoint
    ) throws -> HeaderFileStore {
        try HeaderFileStore(directory: path, network: network, checkpointHash: checkpoint, database: database())
    }

    /// Opens the store, loads its records and closes it again.
    func reopenRecords(network: String = "main", checkpoint: [UInt8] = Fixtures.checkpoint) throws -> [[UInt8]] {
        try store(network: network, checkpoint: checkpoint).loadRecords()
    }
}
