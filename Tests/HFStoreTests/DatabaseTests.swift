import HFTestSupport
import Testing

@testable import HFStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DatabaseTests {
    /// A private directory for this test, alive as long as the test runs.
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test func opensWithWALFullSyncForeignKeysAndPrivateMode() throws {
        let database = try fixture.database()
        let journal = try database.prepare("PRAGMA journal_mode")
        #expect(try journal.step())
        #expect(try journal.string(at: 0) == "wal")
        let synchronous = try database.prepare("PRAGMA synchronous")
        #expect(try synchronous.step())
        #expect(try synchronous.int(at: 0) == 2)  // FULL
        let foreignKeys = try database.prepare("PRAGMA foreign_keys")
        #expect(try foreignKeys.step())
        #expect(try foreignKeys.int(at: 0) == 1)
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(Fixtures.mode(of: fixture.databasePath) == 0o600)
        #expect(Fixtures.mode(of: fixture.databasePath + "-wal") == 0o600)
    }

    @Test func missingFileWithoutCreateIsAnError() throws {
        do {
            _ = try Database(path: fixture.databasePath, create: false)
            Issue.record("opened a missing database")
        } catch {
            guard case .cannotOpen(let path, let code, _) = error else { throw error }
            #expect(path == fixture.databasePath)
            #expect(code & 0xff == 14)  // SQLITE_CANTOPEN
            #expect(error.description.contains("cannot open the database"))
        }
        #expect(!Fixtures.exists(fixture.databasePath))
    }

    @Test func symbolicLinkIsRefused() throws {
        _ = try fixture.database()
        let link = fixture.directory.path("link.sqlite")
        #expect(symlinkAt(fixture.databasePath, link))
        #expect(throws: DatabaseError.self) { try Database(path: link) }
    }

    @Test func aFailedOpenRemovesTheFileItCreated() throws {
        // SQLite refuses a path with a link anywhere in it (`SQLITE_OPEN_NOFOLLOW`): the empty file made for it
        // must not stay behind (issue 14: a 0-byte signer.sqlite after a failed init).
        let real = fixture.directory.path("real")
        #expect(mkdir(real, 0o700) == 0)
        #expect(symlinkAt(real, fixture.directory.path("plink")))
        #expect(throws: DatabaseError.self) { try Database(path: fixture.directory.path("plink/new.sqlite")) }
        #expect(try Fixtures.names(in: real).isEmpty)
        // An existing database is never removed by a failed open.
        _ = try Database(path: real + "/kept.sqlite")
        #expect(throws: DatabaseError.self) { try Database(path: fixture.directory.path("plink/kept.sqlite")) }
        #expect(Fixtures.exists(real + "/kept.sqlite"))
    }

    @Test func bindsAndReadsEveryType() throws {
        let database = try fixture.database()
        try database.execute("CREATE TABLE t (i INTEGER, s TEXT, b BLOB, n, r REAL)")
        let insert = try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)")
        try insert.bind(Int64.min, at: 1)
        try insert.bind("héllo\u{0}world", at: 2)
        try insert.bind([0, 1, 2, 255], at: 3)
        try insert.bindNull(at: 4)
        try insert.bind(.real(1.5), at: 5)
        try insert.run()
        try insert.bind([.integer(42), .text(""), .blob([]), .integer(7), .null])
        try insert.run()
        #expect(database.changes == 1)

        let select = try database.prepare("SELECT i, s, b, n, r FROM t ORDER BY rowid")
        #expect(select.columnCount == 5)
        #expect(select.columnName(at: 2) == "b")
        #expect(try select.step())
        #expect(try select.int64(at: 0) == Int64.min)
        #expect(try select.string(at: 1) == "héllo\u{0}world")
        #expect(try select.blob(at: 2) == [0, 1, 2, 255])
        #expect(select.isNull(at: 3))
        #expect(try select.value(at: 4) == .real(1.5))
        #expect(try select.step())
        #expect(try select.int(at: 0) == 42)
        #expect(try select.string(at: 1) == "")
        #expect(select.storageClass(at: 2) == .blob)  // An empty blob is a blob, not NULL.
        #expect(try select.blob(at: 2) == [])
        #expect(try select.value(at: 3) == .integer(7))
        #expect(try !select.step())
        // After the last row the statement was reset: stepping again re-runs it.
        #expect(try select.step())
        #expect(try select.int64(at: 0) == Int64.min)
    }

    @Test func typedReadsRefuseOtherStorageClasses() throws {
        let database = try fixture.database()
        let select = try database.prepare("SELECT NULL, 'text', 5")
        #expect(try select.step())
        #expect(throws: DatabaseError.typeMismatch(column: 0, expected: .integer, found: .null, sql: select.sql)) {
            try select.int64(at: 0)
        }
        #expect(throws: DatabaseError.typeMismatch(column: 1, expected: .blob, found: .text, sql: select.sql)) {
            try select.blob(at: 1)
        }
        #expect(throws: DatabaseError.typeMismatch(column: 2, expected: .text, found: .integer, sql: select.sql)) {
            try select.string(at: 2)
        }
    }

    @Test func invalidUTF8TextIsRefused() throws {
        let database = try fixture.database()
        let select = try database.prepare("SELECT CAST(X'FF' AS TEXT)")
        #expect(try select.step())
        #expect(throws: DatabaseError.invalidText(column: 0, sql: select.sql)) { try select.string(at: 0) }
    }

    @Test func prepareAcceptsExactlyOneStatement() throws {
        let database = try fixture.database()
        #expect(throws: DatabaseError.notSingleStatement(sql: "  ")) { try database.prepare("  ") }
        #expect(throws: DatabaseError.notSingleStatement(sql: "SELECT 1; SELECT 2")) {
            try database.prepare("SELECT 1; SELECT 2")
        }
        _ = try database.prepare("SELECT 1; -- a comment")
    }

    @Test func bindCountMustMatch() throws {
        let database = try fixture.database()
        let statement = try database.prepare("SELECT ?1 + ?2")
        #expect(throws: DatabaseError.parameterCountMismatch(expected: 2, given: 1, sql: statement.sql)) {
            try statement.bind([.integer(1)])
        }
    }

    @Test func errorsCarryResultCodeAndMessage() throws {
        let database = try fixture.database()
        try database.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
        try database.execute("INSERT INTO t VALUES (?1)", bindings: [.integer(1)])
        do {
            try database.execute("INSERT INTO t VALUES (?1)", bindings: [.integer(1)])
            Issue.record("duplicate key accepted")
        } catch {
            #expect(error.primaryResultCode == 19)  // SQLITE_CONSTRAINT
            #expect(error.resultCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY (extended codes are on)
            guard case .failed(_, let message, let sql) = error else { throw error }
            #expect(message.contains("UNIQUE constraint failed"))
            #expect(sql == "INSERT INTO t VALUES (?1)")
        }
        do {
            try database.execute("SELECT * FROM missing")
            Issue.record("missing table accepted")
        } catch {
            #expect(error.description.contains("no such table: missing"))
        }
    }

    @Test func foreignKeysAreEnforced() throws {
        let database = try fixture.database()
        try database.execute(
            "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p INTEGER REFERENCES parent(id))")
        #expect(throws: DatabaseError.self) {
            try database.execute("INSERT INTO child VALUES (?1)", bindings: [.integer(9)])
        }
    }

    @Test func statementsKeepTheConnectionAndAreFinalisedFirst() throws {
        weak var weakDatabase: Database?
        var statement: Statement?
        do {
            let database = try fixture.database()
            weakDatabase = database
            statement = try database.prepare("SELECT 1")
        }
        #expect(weakDatabase != nil)
        #expect(try statement?.step() == true)
        statement = nil
        #expect(weakDatabase == nil)
    }

    @Test func valuesBeyondTheLengthLimitAreRefusedOnWriteAndRead() throws {
        do {
            let roomy = try fixture.database()
            try roomy.execute("CREATE TABLE t (b BLOB)")
            try roomy.execute("INSERT INTO t VALUES (?1)", bindings: [.blob([UInt8](repeating: 7, count: 5000))])
        }
        let strict = try Database(path: fixture.databasePath, maximumValueLength: 1000)
        #expect(throws: DatabaseError.self) {
            try strict.execute("INSERT INTO t VALUES (?1)", bindings: [.blob([UInt8](repeating: 7, count: 2000))])
        }
        let select = try strict.prepare("SELECT b FROM t")
        do {
            _ = try select.step()
            _ = try select.blob(at: 0)
            Issue.record("an oversized blob was read")
        } catch {
            #expect(error.primaryResultCode == 18)  // SQLITE_TOOBIG
        }
    }

    @Test func userVersionRoundTrips() throws {
        let database = try fixture.database()
        #expect(try database.userVersion() == 0)
        try database.setUserVersion(7)
        #expect(try database.userVersion() == 7)
    }

    /// Creates a symbolic link at `link` pointing to `target`.
    private func symlinkAt(_ target: String, _ link: String) -> Bool {
        symlink(target, link) == 0
    }
}
