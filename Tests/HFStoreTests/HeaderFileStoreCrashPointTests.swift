import HFCrypto
import HFTestSupport
import Testing

@testable import HFStore

/// Each step of a suffix rewrite, interrupted by dropping the store (as a crash would) and reopening: the records
/// are always exactly the old chain or the new one.
///
/// The steps are called one by one through the store's internal methods, in the order `replaceRecords` runs them.
@Suite struct HeaderFileStoreCrashPointTests {
    private let fixture: StoreFixture
    private let old = Fixtures.records(1, 0..<10)
    private let new = Fixtures.records(1, 0..<6) + Fixtures.records(2, 6..<13)
    private let suffix = Fixtures.records(2, 6..<13).flatMap { $0 }

    init() throws {
        fixture = try StoreFixture()
        try fixture.store().replaceRecords(from: 0, with: old)
    }

    private var redo: HeaderStoreState.Redo { .init(index: 6, count: 7, digest: Hash.sha256(suffix)) }

    @Test func crashAfterTheSideFileIsWrittenKeepsTheOldChain() throws {
        do {
            let store = try fixture.store()
            try store.writeSideFile(suffix)
        }
        #expect(Fixtures.exists(fixture.sidePath()))
        #expect(try fixture.reopenRecords() == old)
        #expect(!Fixtures.exists(fixture.sidePath()))  // The stale side file is removed.
    }

    @Test func crashAfterTheRedoIsCommittedRollsForward() throws {
        do {
            let store = try fixture.store()
            try store.writeSideFile(suffix)
            try store.table.setRedo(redo)
        }
        #expect(try fixture.reopenRecords() == new)
        #expect(!Fixtures.exists(fixture.sidePath()))
        #expect(try fixture.store().table.read()?.redo == nil)
    }

    @Test func crashWhileTheMainFileIsHalfRewrittenRollsForward() throws {
        do {
            let store = try fixture.store()
            try store.writeSideFile(suffix)
            try store.table.setRedo(redo)
            // Part of the new suffix, then a torn record, then the old tail still beyond.
            try store.file.write(Array(suffix.prefix(2 * 80 + 33)), at: 6 * 80)
        }
        #expect(try fixture.reopenRecords() == new)
    }

    @Test func crashAfterTheMainFileIsCutShortRollsForward() throws {
        do {
            let store = try fixture.store()
            try store.writeSideFile([])  // Shrinking to 2 records: an empty suffix.
            try store.table.setRedo(HeaderStoreState.Redo(index: 2, count: 0, digest: Hash.sha256([])))
            try store.file.truncate(to: 2 * 80)
        }
        #expect(try fixture.reopenRecords() == Array(old.prefix(2)))
    }

    @Test func crashBeforeTheTipIsRecordedRollsForward() throws {
        do {
            let store = try fixture.store()
            try store.writeSideFile(suffix)
            try store.table.setRedo(redo)
            try store.file.write(suffix, at: 6 * 80)
            try store.file.truncate(to: 13 * 80)
            try store.file.sync()
        }
        #expect(try fixture.reopenRecords() == new)
    }

    @Test func aDamagedSideFileUnderAPendingRedoIsReported() throws {
        do {
            let store = try fixture.store()
            try store.writeSideFile(suffix)
            try store.table.setRedo(redo)
        }
        try Fixtures.patch(fixture.sidePath(), at: 100, [0xFF])
        #expect(throws: HeaderStoreError.redoDamaged(path: fixture.sidePath())) { try fixture.store() }
        Fixtures.truncate(fixture.sidePath(), to: 0)
        #expect(throws: HeaderStoreError.redoDamaged(path: fixture.sidePath())) { try fixture.store() }
    }

    @Test func crashAfterAnAppendIsWrittenButNotRecordedKeepsTheOldChain() throws {
        do {
            let store = try fixture.store()
            try store.file.write(Fixtures.records(3, 10..<12).flatMap { $0 }, at: 10 * 80)
            try store.file.sync()
        }
        #expect(try fixture.reopenRecords() == old)
    }

    @Test func crashDuringAResetEndsEmpty() throws {
        do {
            let store = try fixture.store()
            try store.table.write(.empty(Fixtures.checkpoint))  // Committed, but the file is not cut yet.
        }
        #expect(try fixture.reopenRecords() == [])
        #expect(Fixtures.size(of: fixture.headerPath()) == 0)
    }
}
