import Testing

@testable import HFStore

/// A domain error that can carry a database failure, as callers of `transaction` write them.
private enum LedgerError: Error, Equatable, DatabaseErrorConvertible {
    case refused
    case database(DatabaseError)
    init(databaseError: DatabaseError) { self = .database(databaseError) }
}

@Suite struct TransactionTests {
    /// A private directory for this test, alive as long as the test runs.
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    private func database() throws -> Database {
        let database = try fixture.database()
        try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        return database
    }

    private func values(_ database: Database) throws(DatabaseError) -> [Int] {
        let select = try database.prepare("SELECT x FROM t ORDER BY x")
        var result: [Int] = []
        while try select.step() { result.append(try select.int(at: 0)) }
        return result
    }

    private func insert(_ database: Database, _ value: Int) throws(DatabaseError) {
        try database.execute("INSERT INTO t VALUES (?1)", bindings: [.integer(Int64(value))])
    }

    @Test func commitsWhenTheBodyReturns() throws {
        let database = try database()
        let result = try database.transaction { () throws(DatabaseError) in
            try insert(database, 1)
            try insert(database, 2)
            #expect(database.isInTransaction)
            return "done"
        }
        #expect(result == "done")
        #expect(!database.isInTransaction)
        #expect(try values(database) == [1, 2])
    }

    @Test func rollsBackWhenTheBodyThrows() throws {
        let database = try database()
        #expect(throws: LedgerError.refused) {
            try database.transaction { () throws(LedgerError) in
                do throws(DatabaseError) { try insert(database, 1) } catch { throw .database(error) }
                throw .refused
            }
        }
        #expect(!database.isInTransaction)
        #expect(try values(database) == [])
    }

    @Test func aFailingStatementRollsBackEverything() throws {
        let database = try database()
        #expect(throws: DatabaseError.self) {
            try database.transaction { () throws(DatabaseError) in
                try insert(database, 1)
                try database.execute("INSERT INTO t VALUES (NULL)")  // NOT NULL violation
            }
        }
        #expect(try values(database) == [])
    }

    @Test func nestedCallsAreSavepoints() throws {
        let database = try database()
        try database.transaction { () throws(DatabaseError) in
            try insert(database, 1)
            // An inner failure undoes only the inner changes; the outer body catches it and carries on.
            do throws(LedgerError) {
                try database.transaction { () throws(LedgerError) in
                    do throws(DatabaseError) { try insert(database, 2) } catch { throw .database(error) }
                    throw .refused
                }
            } catch {
                #expect(error == .refused)
            }
            try database.transaction { () throws(DatabaseError) in try insert(database, 3) }
        }
        #expect(try values(database) == [1, 3])

        // An inner success is undone when the outer transaction rolls back.
        #expect(throws: LedgerError.refused) {
            try database.transaction { () throws(LedgerError) in
                do throws(DatabaseError) {
                    try database.transaction { () throws(DatabaseError) in try insert(database, 4) }
                } catch {
                    throw .database(error)
                }
                throw .refused
            }
        }
        #expect(try values(database) == [1, 3])
    }

    @Test func aBeginFailureIsReportedInTheCallersType() throws {
        let first = try fixture.database()
        try first.execute("CREATE TABLE t (x INTEGER)")
        let second = try Database(path: fixture.databasePath, busyTimeout: .milliseconds(10))
        try first.execute("BEGIN IMMEDIATE")
        do {
            try second.transaction { () throws(LedgerError) in }
            Issue.record("took a write lock that another connection holds")
        } catch {
            guard case .database(let underlying) = error else { throw error }
            #expect(underlying.primaryResultCode == 5)  // SQLITE_BUSY
        }
        try first.execute("ROLLBACK")
    }

    @Test func uncommittedChangesAreInvisibleToOtherConnections() throws {
        let writer = try fixture.database()
        try writer.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        let reader = try fixture.database()
        try writer.transaction { () throws(DatabaseError) in
            try insert(writer, 1)
            #expect(try values(reader) == [])
        }
        #expect(try values(reader) == [1])
    }
}
