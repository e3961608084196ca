import HFPrimitives
import HFTestSupport
import Testing
@testable import HFSPV

/// The real BSV run 886001…888000 under the 144-block rule, and early mainnet under the 2016-block retarget.
@Suite struct MainnetRuleTests {
    @Test func importsTheThousandHeadersAfterTheRealCheckpoint() throws {
        guard let run = try SPVFixtures.bsvRun() else { return }
        let storage = MemoryHeaderStorage()
        let chain = try HeaderChain(checkpoint: .main, storage: storage)
        let after = Array(run[(887_001 - 886_001)...])
        for start in stride(from: 0, to: after.count, by: 250) {
            let commit = try chain.commitValidatedRun(
                startHeight: 887_001 + start, headers: Array(after[start..<min(start + 250, after.count)]))
            #expect(commit.replaced == 0)
        }
        #expect(chain.validatedTipHeight == 888_000)
        #expect(chain.validatedTipHash == run[run.count - 1].hash)
        #expect(storage.records.count == 1000)
        // Reopening reads the recorded tip and the rules' context only, and lands on the same tip.
        let reopened = try HeaderChain(checkpoint: .main, storage: storage)
        #expect(reopened.validatedTipHeight == 888_000)
    }

    /// After reopening, the 144-block rule runs on the context read back (the last 147 stored headers only), for a
    /// run after the tip and for one that overlaps it from far below.
    @Test func reopenedChainKeepsValidatingTheRealRun() throws {
        guard let run = try SPVFixtures.bsvRun() else { return }
        let storage = MemoryHeaderStorage()
        let after = Array(run[(887_001 - 886_001)...])
        try HeaderChain(checkpoint: .main, storage: storage).commitValidatedRun(
            startHeight: 887_001, headers: Array(after[..<400]))
        let reopened = try HeaderChain(checkpoint: .main, storage: storage)
        #expect(storage.recordsRead == HeaderChain.retainedHeaders)
        #expect(try reopened.commitValidatedRun(startHeight: 887_101, headers: Array(after[100..<700])).added == 300)
        let again = try HeaderChain(checkpoint: .main, storage: storage)
        #expect(try again.commitValidatedRun(startHeight: 887_701, headers: Array(after[700...])).added == 300)
        #expect(again.validatedTipHash == run[run.count - 1].hash)
        #expect(again.hash(at: 887_050) == after[49].hash)
    }

    /// Every header of the file that has 147 headers of context below it (1853 of them) gets the bits the rule demands.
    @Test func cashWorkRuleReproducesEveryComputableHeader() throws {
        guard let run = try SPVFixtures.bsvRun() else { return }
        let checkpoint = Checkpoint(network: .main, height: 886_147, headers: Array(run[0...146]))
        let chain = try HeaderChain(checkpoint: checkpoint)
        let commit = try chain.commitValidatedRun(startHeight: 886_148, headers: Array(run[147...]))
        #expect(commit.added == 1853)
        #expect(chain.validatedTipHeight == 888_000)
    }

    @Test func earlyMainnetUnderTheOriginalRetarget() throws {
        guard let run = try SPVFixtures.earlyMainnet() else { return }
        let chain = try HeaderChain(checkpoint: Checkpoint(network: .main, height: 0, headers: [run[0]]))
        try chain.commitValidatedRun(startHeight: 1, headers: Array(run[1...]))
        #expect(chain.validatedTipHeight == 32_259)
        #expect(chain.header(at: 32_256)?.bits == 0x1d00_d86a)
    }

    /// At the first real retarget (32256) the rule demands 0x1d00d86a; a header keeping the old bits is refused.
    /// (Changing the bits also changes the hash, so the forged header fails proof of work or the rule, never passes.)
    @Test func earlyMainnetRetargetBoundary() throws {
        guard let run = try SPVFixtures.earlyMainnet() else { return }
        let checkpoint = Checkpoint(network: .main, height: 32_255, headers: Array(run[30_240...32_255]))
        let chain = try HeaderChain(checkpoint: checkpoint)
        let ancestry = SparseAncestry(headers: Dictionary(uniqueKeysWithValues: (30_240...32_255).map { ($0, run[$0]) }))
        #expect(try LegacyRetarget.requiredBits(height: 32_256, in: ancestry) == 0x1d00_d86a)
        #expect(try LegacyRetarget.requiredBits(height: 32_255, in: ancestry) == 0x1d00_ffff)
        let real = run[32_256]
        let forged = BlockHeader(
            version: real.version, previousBlockHash: real.previousBlockHash, merkleRoot: real.merkleRoot,
            time: real.time, bits: 0x1d00_ffff, nonce: real.nonce)
        #expect(throws: HeaderChainError.self) { try chain.commitValidatedRun(startHeight: 32_256, headers: [forged]) }
        try chain.commitValidatedRun(startHeight: 32_256, headers: [real])
        #expect(chain.validatedTipHeight == 32_256)
    }

    @Test func legacyRuleAtEveryBoundaryOfTheRetargetFile() throws {
        guard let data = try Vectors.data("chain/headers/mainnet-retarget-boundary-headers.txt") else { return }
        let text = String(decoding: data, as: UTF8.self)
        var byHeight: [Int: BlockHeader] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            byHeight[Int(parts[0])!] = try BlockHeader(bytes: Hex.decode(String(parts[1])))
        }
        var checked = 0
        for height in stride(from: 2016, through: 477_792, by: 2016) {
            let ancestry = SparseAncestry(headers: byHeight)
            let bits = try LegacyRetarget.requiredBits(height: height, in: ancestry)
            #expect(bits == byHeight[height]!.bits, "boundary \(height)")
            checked += 1
        }
        #expect(checked == 237)
    }
}

/// Headers at scattered heights, for rules that read only a few of them.
struct SparseAncestry: HeaderAncestry {
    let headers: [Int: BlockHeader]
    var lowestHeight: Int { 0 }
    func header(at height: Int) -> BlockHeader { headers[height]! }
    func chainWork(at height: Int) -> UInt256 { .zero }
    func hash(at height: Int) -> BlockHash { headers[height]!.hash }
    func time(at height: Int) -> UInt32 { headers[height]!.time }
}
