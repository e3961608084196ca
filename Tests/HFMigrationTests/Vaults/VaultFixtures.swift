import Foundation
import HFCrypto
import HFMigration
import HFStore
import HFTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Real vaults of every kind in one temporary directory, a real SQLite journal, and fault injection.
final class VaultFixtures {
    let dir: TemporaryDirectory
    let database: Database
    /// One encrypted vault per fixture: opening one costs a 600,000-iteration PBKDF2.
    let encrypted: DatabaseKeyshareVault
    let file: FileKeyshareVault
    let singleFile: SingleFileKeyshareVault

    /// Five items of different sizes, as a wallet would store them.
    static let items: [String: [UInt8]] = [
        "wallet-" + String(repeating: "1f", count: 32): Array("HFWS1 phrase one".utf8),
        "wallet-" + String(repeating: "2e", count: 32): Array(repeating: 0xa5, count: 300),
        "treasury-main-p2": [0],
        "k.1": Array(0...255),
        "z_last": Array("the last one".utf8),
    ]

    /// The items ``reset(filling:)`` plants (all of ``items`` unless a test narrows them).
    var planted = VaultFixtures.items

    init() throws {
        dir = try TemporaryDirectory()
        database = try Database(path: dir.path("store.sqlite"))
        encrypted = try DatabaseKeyshareVault.create(in: database, passphrase: SecureBytes(Array("pass".utf8)))
        file = try FileKeyshareVault(root: dir.path("keyshares"))
        singleFile = try SingleFileKeyshareVault(root: dir.path("single"))
        try database.execute("CREATE TABLE journal (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL) STRICT")
    }

    func vault(_ kind: VaultKind) -> any KeyshareVault {
        switch kind {
        case .encrypted: encrypted
        case .file: file
        case .singleFile: singleFile
        }
    }

    /// Empties every vault and the journal, then fills `kind` with ``planted``.
    func reset(filling kind: VaultKind) throws {
        for other in VaultKind.allCases {
            let vault = vault(other)
            for id in try vault.ids() { try vault.delete(id: id) }
        }
        try database.execute("DELETE FROM journal")
        for (id, bytes) in planted { try vault(kind).write(id: id, data: SecureBytes(bytes)) }
    }

    /// The items of `kind` as plain bytes.
    func contents(_ kind: VaultKind) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for id in try vault(kind).ids() { result[id] = try vault(kind).read(id: id).bytes }
        return result
    }

    var journal: SQLiteJournal { SQLiteJournal(database: database) }
}

/// A journal in a real SQLite table.
struct SQLiteJournal: VaultMigrationJournal {
    let database: Database

    func load() throws(VaultMigrationError) -> VaultMigrationRecord? {
        do {
            let statement = try database.prepare("SELECT record FROM journal WHERE id = 1")
            guard try statement.step() else { return nil }
            let text = try statement.string(at: 0)
            statement.reset()
            return VaultMigrationRecord(text: text)
        } catch { throw .journal(reason: error.description) }
    }

    func save(_ record: VaultMigrationRecord?) throws(VaultMigrationError) {
        do {
            if let record {
                try database.execute(
                    "INSERT INTO journal (id, record) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record",
                    bindings: [.text(record.text)])
            } else {
                try database.execute("DELETE FROM journal")
            }
        } catch { throw .journal(reason: error.description) }
    }
}

/// Counts the steps of a migration and fails the step numbered `failAt`: a crash at that point, for a fault the real
/// parts cannot produce on demand.
final class CrashPoint {
    let failAt: Int
    private(set) var steps = 0
    private(set) var fired = false

    init(failAt: Int) { self.failAt = failAt }

    func step() throws(VaultError) {
        defer { steps += 1 }
        if steps == failAt {
            fired = true
            throw .file(FileSystemError(.write, path: "crash point \(failAt)", code: EIO))
        }
    }
}

/// A real vault whose every operation is a step of `crash`.
final class CrashingVault: KeyshareVault {
    let inner: any KeyshareVault
    let crash: CrashPoint

    init(_ inner: any KeyshareVault, _ crash: CrashPoint) {
        self.inner = inner
        self.crash = crash
    }

    func write(id: String, data: SecureBytes) throws(VaultError) {
        try crash.step()
        try inner.write(id: id, data: data)
    }

    func read(id: String) throws(VaultError) -> SecureBytes {
        try crash.step()
        return try inner.read(id: id)
    }

    func delete(id: String) throws(VaultError) {
        try crash.step()
        try inner.delete(id: id)
    }

    func ids() throws(VaultError) -> [String] {
        try crash.step()
        return try inner.ids()
    }
}

/// A real journal whose every save is a step of `crash`.
struct CrashingJournal: VaultMigrationJournal {
    let inner: SQLiteJournal
    let crash: CrashPoint

    func load() throws(VaultMigrationError) -> VaultMigrationRecord? { try inner.load() }

    func save(_ record: VaultMigrationRecord?) throws(VaultMigrationError) {
        do { try crash.step() } catch { throw .vault(error) }
        try inner.save(record)
    }
}
