import Testing

@testable import HFStore

@Suite struct MigratorTests {
    /// A private directory for this test, alive as long as the test runs.
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    private static let migrator = Migrator([
        Migration(version: 1, sql: "CREATE TABLE wallet (id INTEGER PRIMARY KEY, title TEXT NOT NULL)"),
        Migration(version: 2, sql: "ALTER TABLE wallet ADD COLUMN network TEXT NOT NULL DEFAULT 'main'"),
        Migration(version: 3) { (database) throws(DatabaseError) in
            try database.execute("INSERT INTO wallet (title) VALUES (?1)", bindings: [.text("default")])
        },
    ])

    @Test func appliesPendingMigrationsInOrderOnce() throws {
        let database = try fixture.database()
        #expect(try Self.migrator.migrate(database) == [1, 2, 3])
        #expect(try database.userVersion() == 3)
        #expect(try Self.migrator.migrate(database) == [])
        let select = try database.prepare("SELECT title, network FROM wallet")
        #expect(try select.step())
        #expect(try select.string(at: 0) == "default")
        #expect(try select.string(at: 1) == "main")
        #expect(try !select.step())
    }

    @Test func continuesFromAnOlderVersion() throws {
        let database = try fixture.database()
        try Migrator(Array(Self.migrator.migrations.prefix(1))).migrate(database)
        #expect(try database.userVersion() == 1)
        #expect(try Self.migrator.migrate(database) == [2, 3])
    }

    @Test func aFailingStepLeavesTheSchemaUntouched() throws {
        let database = try fixture.database()
        let broken = Migrator(Self.migrator.migrations + [Migration(version: 4, sql: "ALTER TABLE missing ADD x")])
        #expect(throws: DatabaseError.self) { try broken.migrate(database) }
        #expect(try database.userVersion() == 0)
        #expect(throws: DatabaseError.self) { try database.execute("SELECT * FROM wallet") }
    }

    @Test func aNewerSchemaIsRefused() throws {
        let database = try fixture.database()
        try database.setUserVersion(9)
        #expect(throws: DatabaseError.schemaTooNew(found: 9, supported: 3)) { try Self.migrator.migrate(database) }
        #expect(try database.userVersion() == 9)
    }
}
