import HFTestSupport
import Testing

@testable import HFStore

@Suite struct HeaderFileStoreTests {
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test func startsEmptyAndAppendsAcrossReopens() throws {
        do {
            let store = try fixture.store()
            #expect(store.count == 0)
            #expect(try store.loadRecords() == [])
            try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<10))
            try store.replaceRecords(from: 10, with: Fixtures.records(2, 10..<15))
            try store.replaceRecords(from: 15, with: [])  // Appending nothing changes nothing.
            #expect(store.count == 15)
        }
        #expect(try fixture.reopenRecords() == Fixtures.records(1, 0..<10) + Fixtures.records(2, 10..<15))
        #expect(Fixtures.size(of: fixture.headerPath()) == 15 * 80)
        #expect(Fixtures.mode(of: fixture.headerPath()) == 0o600)
        #expect(!Fixtures.exists(fixture.sidePath()))
    }

    @Test func rewritesASuffixAcrossReopens() throws {
        do {
            let store = try fixture.store()
            try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<20))
            try store.replaceRecords(from: 12, with: Fixtures.records(2, 12..<25))  // A longer branch.
            #expect(store.count == 25)
        }
        #expect(try fixture.reopenRecords() == Fixtures.records(1, 0..<12) + Fixtures.records(2, 12..<25))
        do {
            let store = try fixture.store()
            try store.replaceRecords(from: 5, with: Fixtures.records(3, 5..<7))  // A shorter one.
            #expect(store.count == 7)
            try store.replaceRecords(from: 6, with: [])  // Shrinking only.
            #expect(store.count == 6)
        }
        #expect(try fixture.reopenRecords() == Fixtures.records(1, 0..<5) + Fixtures.records(3, 5..<6))
        #expect(Fixtures.size(of: fixture.headerPath()) == 6 * 80)
        #expect(!Fixtures.exists(fixture.sidePath()))
        do {
            let store = try fixture.store()
            try store.replaceRecords(from: 0, with: [])  // Everything above the checkpoint goes.
        }
        #expect(try fixture.reopenRecords() == [])
    }

    @Test func bytesPastTheRecordedTipAreTruncatedOnOpen() throws {
        try fixture.store().replaceRecords(from: 0, with: Fixtures.records(1, 0..<4))
        // A crash after writing an append but before recording its tip, including a torn last record.
        try Fixtures.patch(fixture.headerPath(), at: 4 * 80, [UInt8](repeating: 0xEE, count: 80 * 2 + 13))
        let store = try fixture.store()
        #expect(store.count == 4)
        #expect(Fixtures.size(of: fixture.headerPath()) == 4 * 80)
        #expect(try store.loadRecords() == Fixtures.records(1, 0..<4))
        try store.replaceRecords(from: 4, with: Fixtures.records(2, 4..<5))
        #expect(try store.loadRecords() == Fixtures.records(1, 0..<4) + Fixtures.records(2, 4..<5))
    }

    @Test func aFileShorterThanTheTipIsACorruptionErrorUntilDiscarded() throws {
        try fixture.store().replaceRecords(from: 0, with: Fixtures.records(1, 0..<6))
        Fixtures.truncate(fixture.headerPath(), to: 3 * 80 + 40)
        let expected = HeaderStoreError.fileShorterThanTip(path: fixture.headerPath(), records: 3, expected: 6)
        do {
            _ = try fixture.store()
            Issue.record("opened a store whose file lost records")
        } catch let error as HeaderStoreError {
            #expect(error == expected)
            #expect(error.description.contains("discard the header store"))
        }
        #expect(Fixtures.size(of: fixture.headerPath()) == 3 * 80 + 40)  // Nothing repaired behind the user's back.
        try HeaderFileStore.discard(directory: fixture.path, network: "main", database: fixture.database())
        #expect(!Fixtures.exists(fixture.headerPath()))
        let store = try fixture.store()
        #expect(store.count == 0)
        try store.replaceRecords(from: 0, with: Fixtures.records(2, 0..<2))
        #expect(try store.loadRecords() == Fixtures.records(2, 0..<2))
    }

    @Test func aChangedTipRecordIsDetected() throws {
        try fixture.store().replaceRecords(from: 0, with: Fixtures.records(1, 0..<3))
        try Fixtures.patch(fixture.headerPath(), at: 2 * 80 + 17, [0x00])
        #expect(throws: HeaderStoreError.tipMismatch(path: fixture.headerPath())) { try fixture.store() }
    }

    @Test func aChangedCheckpointWipesTheStore() throws {
        try fixture.store().replaceRecords(from: 0, with: Fixtures.records(1, 0..<8))
        let newCheckpoint = [UInt8](repeating: 0x22, count: 32)
        do {
            let store = try fixture.store(checkpoint: newCheckpoint)
            #expect(store.count == 0)
            #expect(try store.loadRecords() == [])
            #expect(Fixtures.size(of: fixture.headerPath()) == 0)
            try store.replaceRecords(from: 0, with: Fixtures.records(2, 0..<2))
        }
        #expect(try fixture.reopenRecords(checkpoint: newCheckpoint) == Fixtures.records(2, 0..<2))
        // Going back to the first checkpoint wipes again: the marker is a version, not a key.
        #expect(try fixture.reopenRecords() == [])
    }

    @Test func badInputChangesNothing() throws {
        let store = try fixture.store()
        try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<5))
        var short = Fixtures.records(2, 3..<6)
        short[1].removeLast()
        #expect(throws: HeaderStoreError.invalidRecordSize(position: 1, size: 79)) {
            try store.replaceRecords(from: 3, with: short)
        }
        #expect(throws: HeaderStoreError.invalidRecordSize(position: 0, size: 81)) {
            try store.replaceRecords(from: 5, with: [[UInt8](repeating: 0, count: 81)])
        }
        #expect(throws: HeaderStoreError.indexOutOfRange(index: 6, count: 5)) {
            try store.replaceRecords(from: 6, with: Fixtures.records(2, 6..<7))
        }
        #expect(throws: HeaderStoreError.indexOutOfRange(index: -1, count: 5)) {
            try store.replaceRecords(from: -1, with: [])
        }
        #expect(store.count == 5)
        #expect(try store.loadRecords() == Fixtures.records(1, 0..<5))
        #expect(!Fixtures.exists(fixture.sidePath()))
    }

    @Test func resetWipesEverythingAboveTheCheckpoint() throws {
        do {
            let store = try fixture.store()
            try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<7))
            try store.reset()
            #expect(store.count == 0)
            try store.replaceRecords(from: 0, with: Fixtures.records(2, 0..<1))
        }
        #expect(try fixture.reopenRecords() == Fixtures.records(2, 0..<1))
    }

    @Test func networksAreSeparate() throws {
        let database = try fixture.database()
        let main = try HeaderFileStore(
            directory: fixture.path, network: "main", checkpointHash: Fixtures.checkpoint, database: database)
        let test = try HeaderFileStore(
            directory: fixture.path, network: "test", checkpointHash: Fixtures.checkpoint, database: database)
        try main.replaceRecords(from: 0, with: Fixtures.records(1, 0..<3))
        try test.replaceRecords(from: 0, with: Fixtures.records(2, 0..<2))
        #expect(try main.loadRecords() == Fixtures.records(1, 0..<3))
        #expect(try test.loadRecords() == Fixtures.records(2, 0..<2))
    }

    @Test func aSecondOpenOfTheSameStoreIsBusy() throws {
        let first = try fixture.store()
        #expect(throws: HeaderStoreError.busy(path: fixture.headerPath())) {
            try HeaderFileStore(
                directory: fixture.path, network: "main", checkpointHash: Fixtures.checkpoint,
                database: fixture.database(), lockTimeout: .milliseconds(50))
        }
        try first.replaceRecords(from: 0, with: Fixtures.records(1, 0..<1))
        #expect(throws: HeaderStoreError.busy(path: fixture.headerPath())) {
            try HeaderFileStore.discard(directory: fixture.path, network: "main", database: fixture.database())
        }
        #expect(try first.loadRecords() == Fixtures.records(1, 0..<1))
    }

    @Test func theLockIsReleasedWithTheStore() throws {
        do {
            let store = try fixture.store()
            try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<1))
        }
        #expect(try fixture.store().count == 1)
    }

    /// Closing lets go of the lock at once even when a child process spawned by another thread still holds a copy of
    /// the descriptor (from `posix_spawn`'s clone until the child's `exec`): reopening never waits.
    @Test func theLockIsReleasedAtOnceWhileChildrenAreSpawned() throws {
        let database = try fixture.database()
        try BackgroundSpawner.repeatedly(whileSpawning: 50) {
            _ = try HeaderFileStore(
                directory: fixture.path, network: "main", checkpointHash: Fixtures.checkpoint, database: database,
                lockTimeout: .zero)
        }
    }

    /// A real in-process failure part-way through a change (the database is locked by another connection when the
    /// store tries to commit): the call throws, and the store stays on the old chain and keeps working.
    @Test func aFailedCommitLeavesTheOldChain() throws {
        let database = try Database(path: fixture.databasePath, busyTimeout: .milliseconds(20))
        let store = try HeaderFileStore(
            directory: fixture.path, network: "main", checkpointHash: Fixtures.checkpoint, database: database)
        try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<5))
        let other = try fixture.database()
        try other.execute("BEGIN IMMEDIATE")
        for (index, records) in [(5, Fixtures.records(2, 5..<8)), (2, Fixtures.records(3, 2..<4))] {
            do {
                try store.replaceRecords(from: index, with: records)
                Issue.record("committed while another connection held the write lock")
            } catch {
                guard case .database(let underlying) = error else { throw error }
                #expect(underlying.primaryResultCode == 5)  // SQLITE_BUSY
            }
            #expect(store.count == 5)
            #expect(try store.loadRecords() == Fixtures.records(1, 0..<5))
            #expect(Fixtures.size(of: fixture.headerPath()) == 5 * 80)
        }
        try other.execute("ROLLBACK")
        try store.replaceRecords(from: 5, with: Fixtures.records(2, 5..<6))
        #expect(try store.loadRecords() == Fixtures.records(1, 0..<5) + Fixtures.records(2, 5..<6))
    }

    @Test func writesAreRefusedInsideATransaction() throws {
        let database = try fixture.database()
        let store = try HeaderFileStore(
            directory: fixture.path, network: "main", checkpointHash: Fixtures.checkpoint, database: database)
        try database.execute("BEGIN")
        #expect(throws: HeaderStoreError.insideTransaction) {
            try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<1))
        }
        #expect(throws: HeaderStoreError.insideTransaction) { try store.reset() }
        try database.execute("ROLLBACK")
        try store.replaceRecords(from: 0, with: Fixtures.records(1, 0..<1))
        #expect(store.count == 1)
    }

    @Test func argumentsAreValidated() throws {
        let database = try fixture.database()
        for name in ["", "Main", "main/../x", "x;DROP", "1main", "a_very_long_network_name"] {
            #expect(throws: HeaderStoreError.invalidNetworkName(name)) {
                try HeaderFileStore(
                    directory: fixture.path, network: name, checkpointHash: Fixtures.checkpoint, database: database)
            }
        }
        #expect(throws: HeaderStoreError.invalidCheckpointHash(length: 31)) {
            try HeaderFileStore(
                directory: fixture.path, network: "main", checkpointHash: Array(Fixtures.checkpoint.prefix(31)),
                database: database)
        }
    }
}
