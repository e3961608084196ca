import HFPrimitives
import Testing
@testable import HFSPV

/// Accepting, overlapping, reorganising, bounded lookups and persistence of the header chain.
@Suite struct HeaderChainTests {
    @Test func overlappingRunsOnlyCountWhatLiesBeyondTheTip() throws {
        let storage = MemoryHeaderStorage()
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        let run = SPVFixtures.mineRun(on: Checkpoint.regtest.header, count: 10)
        #expect(try chain.commitValidatedRun(startHeight: 1, headers: Array(run[..<6])).added == 6)
        let commit = try chain.commitValidatedRun(startHeight: 3, headers: Array(run[2...]))
        #expect(commit.added == 4)
        #expect(commit.replaced == 0)
        #expect(try chain.commitValidatedRun(startHeight: 1, headers: run).isNoOp)
        #expect(chain.validatedTipHeight == 10)
        #expect(storage.records == run.map(\.serialized))
    }

    @Test func heavierBranchReplacesTheSuffix() throws {
        let storage = MemoryHeaderStorage()
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        let main = SPVFixtures.mineRun(on: Checkpoint.regtest.header, count: 10)
        try chain.commitValidatedRun(startHeight: 1, headers: main)
        let branch = SPVFixtures.mineRun(on: main[6], count: 4, salt: 3)  // heights 8…11
        let commit = try chain.commitValidatedRun(startHeight: 8, headers: branch)
        #expect(commit.added == 4)
        #expect(commit.replaced == 3)
        #expect(commit.firstReplacedHeight == 8)
        #expect(chain.validatedTipHeight == 11)
        #expect(chain.header(at: 8) == branch[0])
        #expect(storage.records == (Array(main[..<7]) + branch).map(\.serialized))
        let reopened = try HeaderChain(checkpoint: .regtest, storage: storage)
        #expect(reopened.validatedTipHash == branch[3].hash)
    }

    @Test func lookupsAnswerOnlyInsideTheValidatedRange() throws {
        guard let run = try SPVFixtures.bsvRun() else { return }
        let chain = try HeaderChain(checkpoint: .main)
        try chain.commitValidatedRun(startHeight: 887_001, headers: Array(run[1000..<1010]))
        #expect(chain.header(at: 887_000) == Checkpoint.main.header)
        #expect(chain.header(at: 887_010) == run[1009])
        #expect(chain.header(at: 886_999) == nil, "context headers are not answerable")
        #expect(chain.header(at: 887_011) == nil)
        #expect(chain.hash(at: 887_005) == run[1004].hash)
    }

    @Test func displayHeadersNeverMoveTheTip() throws {
        let chain = try HeaderChain(checkpoint: .regtest)
        let header = SPVFixtures.mine(on: Checkpoint.regtest.header)
        chain.recordDisplayHeader(header, height: 1)
        #expect(chain.validatedTipHeight == 0)
        #expect(chain.header(at: 1) == nil)
        #expect(chain.displayHeader(at: 1) == header)
    }

    /// Opening does not validate stored records again (they were validated when committed; whoever can rewrite the
    /// file can rewrite the recorded tip as well), but the records it reads must link: from the first that does not,
    /// they are dropped. Header 6 is altered, so header 7 no longer links to it.
    @Test func bootstrapDropsRecordsThatDoNotLink() throws {
        let storage = MemoryHeaderStorage()
        let run = SPVFixtures.mineRun(on: Checkpoint.regtest.header, count: 8)
        storage.records = run.map(\.serialized)
        storage.records[5][70] ^= 0x01  // time of height 6
        var expected = run[..<6].map(\.serialized)
        expected[5][70] ^= 0x01
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        #expect(chain.validatedTipHeight == 6)
        #expect(storage.records == expected)
    }

    @Test func resetToCheckpoint() throws {
        let storage = MemoryHeaderStorage()
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        try chain.commitValidatedRun(startHeight: 1, headers: SPVFixtures.mineRun(on: Checkpoint.regtest.header, count: 3))
        try chain.resetToCheckpoint()
        #expect(chain.validatedTipHeight == 0)
        #expect(storage.records.isEmpty)
    }
}

/// Opening costs O(1) in the chain's length: a bounded number of records is read and kept, older headers are read
/// by offset, and reorganisations up to 144 deep still work after reopening.
@Suite struct HeaderChainOpeningTests {
    static let count = 1_000
    let run = SPVFixtures.mineRun(on: Checkpoint.regtest.header, count: Self.count)

    func storedChain() -> MemoryHeaderStorage {
        let storage = MemoryHeaderStorage()
        storage.records = run.map(\.serialized)
        return storage
    }

    @Test func openingReadsOnlyTheRulesContext() throws {
        let storage = storedChain()
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        #expect(chain.validatedTipHeight == Self.count)
        #expect(chain.validatedTipHash == run[Self.count - 1].hash)
        #expect(storage.recordsRead == HeaderChain.retainedHeaders)
        #expect(chain.headersInMemory == HeaderChain.retainedHeaders)
    }

    @Test func oldHeadersAreReadByOffset() throws {
        let storage = storedChain()
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        let before = storage.recordsRead
        #expect(chain.hash(at: 5) == run[4].hash)
        #expect(chain.header(at: 1) == run[0])
        #expect(chain.header(at: 0) == Checkpoint.regtest.header)
        #expect(chain.hash(at: Self.count + 1) == nil)
        #expect(storage.recordsRead == before + 2)
        storage.failReads = true
        #expect(chain.header(at: 2) == nil)
        #expect(throws: HeaderChainError.self) { try chain.storedHeader(at: 2) }
        #expect(try chain.storedHeader(at: Self.count) == run[Self.count - 1], "the tip is in memory")
    }

    @Test func anOverlappingRunFromFarBelowIsANoOp() throws {
        let chain = try HeaderChain(checkpoint: .regtest, storage: storedChain())
        #expect(try chain.commitValidatedRun(startHeight: 1, headers: run).isNoOp)
        let next = SPVFixtures.mineRun(on: run[Self.count - 1], count: 3)
        let commit = try chain.commitValidatedRun(startHeight: 2, headers: Array(run[1...]) + next)
        #expect(commit.added == 3)
        #expect(chain.validatedTipHeight == Self.count + 3)
    }

    @Test func reorgOf144AfterReopening() throws {
        let storage = storedChain()
        let fork = Self.count - HeaderChain.maximumReorgDepth
        let branch = SPVFixtures.mineRun(on: run[fork - 1], count: HeaderChain.maximumReorgDepth + 1, salt: 7)
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        let commit = try chain.commitValidatedRun(startHeight: fork + 1, headers: branch)
        #expect(commit.replaced == HeaderChain.maximumReorgDepth)
        #expect(commit.firstReplacedHeight == fork + 1)
        #expect(chain.validatedTipHeight == Self.count + 1)
        #expect(chain.headersInMemory == HeaderChain.retainedHeaders)
        let reopened = try HeaderChain(checkpoint: .regtest, storage: storage)
        #expect(reopened.validatedTipHash == branch[branch.count - 1].hash)
        #expect(reopened.hash(at: fork) == run[fork - 1].hash)
        #expect(reopened.hash(at: fork + 1) == branch[0].hash)
    }

    /// A store that fails after its change became durable: the chain follows what the store holds.
    @Test func aWriteThatFailsAfterItsCommitLeavesMemoryAsTheStorage() throws {
        let storage = storedChain()
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        let next = SPVFixtures.mineRun(on: run[Self.count - 1], count: 2)
        storage.failAfterNextWrite = true
        #expect(throws: HeaderChainError.self) { try chain.commitValidatedRun(startHeight: Self.count + 1, headers: next) }
        #expect(chain.validatedTipHeight == Self.count + 2)
        #expect(chain.validatedTipHash == next[1].hash)
        #expect(chain.headersInMemory == HeaderChain.retainedHeaders)
    }

    @Test func staleAndTooDeepBranchesAfterReopening() throws {
        let storage = storedChain()
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        let stale = SPVFixtures.mineRun(on: run[Self.count - 11], count: 10, salt: 9)
        #expect(throws: HeaderChainError.rejected(.staleBranch(forkHeight: Self.count - 10))) {
            try chain.commitValidatedRun(startHeight: Self.count - 9, headers: stale)
        }
        let deep = SPVFixtures.mineRun(on: run[Self.count - 147], count: 200, salt: 9)
        #expect(throws: HeaderChainError.rejected(.reorgTooDeep(forkHeight: Self.count - 146, depth: 146))) {
            try chain.commitValidatedRun(startHeight: Self.count - 145, headers: deep)
        }
        #expect(storage.records == run.map(\.serialized))
    }
}
