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

    @Test func bootstrapDropsTamperedRecords() throws {
        let storage = MemoryHeaderStorage()
        let run = SPVFixtures.mineRun(on: Checkpoint.regtest.header, count: 8)
        storage.records = run.map(\.serialized)
        storage.records[5][70] ^= 0x01  // time of height 6
        let chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        #expect(chain.validatedTipHeight == 5)
        #expect(storage.records == run[..<5].map(\.serialized))
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
