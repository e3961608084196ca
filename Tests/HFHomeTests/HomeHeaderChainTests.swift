import Foundation
import HFHome
import HFPrimitives
import HFSPV
import HFStore
import Testing

/// A home's header chain over its header file: opening costs O(1) in the chain's length, old headers are read by
/// offset, the recorded tip is checked against the file's last record, and reorganisations survive reopening.
@Suite struct HomeHeaderChainTests {
    static let count = 2_000
    static let run = HomeFixture.regtestRun(count: count)
    let fixture = HomeFixture()

    /// A home whose regtest store holds `run` (committed through the chain, so validated once).
    func storedHome() throws -> HomeFixture {
        let home = try fixture.create()
        try home.headerChain(network: .regtest).commitValidatedRun(startHeight: 1, headers: Self.run)
        return fixture
    }

    @Test func reopeningKeepsOnlyTheRulesContextAndReadsOldHeadersFromTheFile() throws {
        let fixture = try storedHome()
        var chain: HeaderChain? = try fixture.open().headerChain(network: .regtest)
        try check(try #require(chain))
        chain = nil  // releases the store's lock
        let next = HomeFixture.regtestRun(on: Self.run[Self.count - 1], count: 5)
        let reopened = try fixture.open().headerChain(network: .regtest)
        #expect(try reopened.commitValidatedRun(startHeight: Self.count + 1, headers: next).added == 5)
        #expect(reopened.validatedTipHash == next[4].hash)
    }

    private func check(_ chain: HeaderChain) throws {
        #expect(chain.validatedTipHeight == Self.count)
        #expect(chain.validatedTipHash == Self.run[Self.count - 1].hash)
        #expect(chain.headersInMemory == HeaderChain.retainedHeaders)
        for height in [1, 2, 100, 1_000, Self.count - 147, Self.count] {
            #expect(chain.hash(at: height) == Self.run[height - 1].hash, "height \(height)")
            #expect(chain.header(at: height) == Self.run[height - 1], "height \(height)")
        }
        #expect(chain.hash(at: Self.count + 1) == nil)
        #expect(try chain.commitValidatedRun(startHeight: 1, headers: Self.run).isNoOp)
    }

    @Test func bytesPastTheRecordedTipAreTruncatedOnOpen() throws {
        let fixture = try storedHome()
        let extra = HomeFixture.regtestRun(on: Self.run[Self.count - 1], count: 3)
        let handle = try #require(FileHandle(forWritingAtPath: fixture.headerFile(.regtest)))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(extra.flatMap(\.serialized) + [1, 2, 3]))
        try handle.close()
        let chain = try fixture.open().headerChain(network: .regtest)
        #expect(chain.validatedTipHeight == Self.count)
        #expect(size(of: fixture.headerFile(.regtest)) == Self.count * 80)
    }

    @Test func aLastRecordThatIsNotTheRecordedTipIsRefused() throws {
        let fixture = try storedHome()
        let handle = try #require(FileHandle(forUpdatingAtPath: fixture.headerFile(.regtest)))
        try handle.seek(toOffset: UInt64(Self.count * 80 - 4))
        try handle.write(contentsOf: Data([0xff, 0xff, 0xff, 0xff]))
        try handle.close()
        #expect(throws: TestFailure.headerStore(.tipMismatch(path: fixture.headerFile(.regtest)))) {
            try fixture.open().headerChain(network: .regtest)
        }
    }

    @Test func aFileShorterThanTheRecordedTipIsRefused() throws {
        let fixture = try storedHome()
        #expect(truncate(fixture.headerFile(.regtest), off_t((Self.count - 10) * 80)) == 0)
        #expect(
            throws: TestFailure.headerStore(
                .fileShorterThanTip(path: fixture.headerFile(.regtest), records: Self.count - 10, expected: Self.count))
        ) {
            try fixture.open().headerChain(network: .regtest)
        }
    }

    @Test func aReorgOf144StillWorksAfterReopening() throws {
        let fixture = try storedHome()
        let fork = Self.count - HeaderChain.maximumReorgDepth
        let branch = HomeFixture.regtestRun(on: Self.run[fork - 1], count: 150, salt: 5)
        let commit = try fixture.open().headerChain(network: .regtest).commitValidatedRun(
            startHeight: fork + 1, headers: branch)
        #expect(commit.replaced == HeaderChain.maximumReorgDepth)
        #expect(commit.validatedTipHeight == fork + 150)
        let reopened = try fixture.open().headerChain(network: .regtest)
        #expect(reopened.validatedTipHash == branch[149].hash)
        #expect(reopened.hash(at: fork) == Self.run[fork - 1].hash)
        #expect(reopened.hash(at: fork + 1) == branch[0].hash)
        #expect(size(of: fixture.headerFile(.regtest)) == (fork + 150) * 80)
        let tooDeep = HomeFixture.regtestRun(on: Self.run[fork - 3], count: 300, salt: 6)
        #expect(throws: HeaderChainError.self) {
            try reopened.commitValidatedRun(startHeight: fork - 1, headers: tooDeep)
        }
    }

    private func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? -1
    }
}
