import HFPrimitives
import Testing
@testable import HFSPV

/// Every rejection of `commitValidatedRun`, each leaving memory and storage exactly as they were.
@Suite struct HeaderRejectionTests {
    let storage = MemoryHeaderStorage()
    let chain: HeaderChain
    let base: [BlockHeader]

    init() throws {
        chain = try HeaderChain(checkpoint: .regtest, storage: storage)
        base = SPVFixtures.mineRun(on: Checkpoint.regtest.header, count: 20)
        try chain.commitValidatedRun(startHeight: 1, headers: base)
    }

    /// Runs `body`, expects `rejection`, and checks nothing changed.
    func expectRejected(
        _ rejection: HeaderRejection, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        let recordsBefore = storage.records
        let tipBefore = (chain.validatedTipHeight, chain.validatedTipHash)
        #expect(throws: HeaderChainError.rejected(rejection), sourceLocation: sourceLocation) { try body() }
        #expect(storage.records == recordsBefore, "storage unchanged", sourceLocation: sourceLocation)
        #expect(chain.validatedTipHeight == tipBefore.0, sourceLocation: sourceLocation)
        #expect(chain.validatedTipHash == tipBefore.1, sourceLocation: sourceLocation)
    }

    func with(_ header: BlockHeader, version: Int32? = nil, previous: BlockHash? = nil, time: UInt32? = nil,
              bits: UInt32? = nil, nonce: UInt32? = nil) -> BlockHeader {
        BlockHeader(
            version: version ?? header.version, previousBlockHash: previous ?? header.previousBlockHash,
            merkleRoot: header.merkleRoot, time: time ?? header.time, bits: bits ?? header.bits,
            nonce: nonce ?? header.nonce)
    }

    @Test func emptyRun() { expectRejected(.emptyRun) { try chain.commitValidatedRun(startHeight: 21, headers: []) } }

    @Test func runAtOrBelowTheCheckpoint() {
        expectRejected(.beforeCheckpoint(startHeight: 0, checkpointHeight: 0)) {
            try chain.commitValidatedRun(startHeight: 0, headers: [Checkpoint.regtest.header])
        }
    }

    @Test func runNotAnchored() {
        let next = SPVFixtures.mineRun(on: base[19], count: 3)
        expectRejected(.notAnchored(startHeight: 22, validatedTipHeight: 20)) {
            try chain.commitValidatedRun(startHeight: 22, headers: Array(next[1...]))
        }
    }

    @Test func wrongPreviousHash() {
        let stranger = SPVFixtures.mine(on: base[5])
        expectRejected(.doesNotLink(height: 21)) { try chain.commitValidatedRun(startHeight: 21, headers: [stranger]) }
        // A run whose second header does not link to its first.
        let run = SPVFixtures.mineRun(on: base[19], count: 2)
        expectRejected(.doesNotLink(height: 22)) {
            try chain.commitValidatedRun(startHeight: 21, headers: [run[0], stranger])
        }
    }

    /// A flipped bit in any field of a mainnet header breaks the link or the proof of work.
    @Test func flippedBitInEveryFieldOfARealHeader() throws {
        guard let run = try SPVFixtures.bsvRun() else { return }
        let mainChain = try HeaderChain(checkpoint: .main)
        let good = run[887_001 - 886_001]
        let serialized = good.serialized
        for byte in [0, 3, 4, 20, 35, 36, 50, 67, 68, 71, 72, 75, 76, 79] {
            for bit in [0, 7] {
                var bytes = serialized
                bytes[byte] ^= 1 << bit
                let flipped = try BlockHeader(bytes: bytes)
                #expect(throws: HeaderChainError.self, "byte \(byte) bit \(bit)") {
                    try mainChain.commitValidatedRun(startHeight: 887_001, headers: [flipped])
                }
            }
        }
        #expect(mainChain.validatedTipHeight == 887_000)
        try mainChain.commitValidatedRun(startHeight: 887_001, headers: [good])
        #expect(mainChain.validatedTipHeight == 887_001)
    }

    @Test func hashAboveTheTargetOfItsOwnBits() {
        var header = SPVFixtures.mine(on: base[19])
        while header.hasValidProofOfWork { header = with(header, nonce: header.nonce &+ 1) }
        expectRejected(.insufficientProofOfWork(height: 21)) {
            try chain.commitValidatedRun(startHeight: 21, headers: [header])
        }
    }

    @Test func bitsThatBreakTheRule() {
        let harder = SPVFixtures.mine(on: base[19], bits: 0x207f_fffe)
        expectRejected(.wrongBits(height: 21, expected: 0x207f_ffff, found: 0x207f_fffe)) {
            try chain.commitValidatedRun(startHeight: 21, headers: [harder])
        }
    }

    @Test(arguments: [0x0000_0000 as UInt32, 0x2080_0001, 0xff7f_ffff, 0x2100_ffff])
    func invalidBits(bits: UInt32) {
        let header = with(SPVFixtures.mine(on: base[19]), bits: bits)
        expectRejected(.invalidBits(height: 21)) { try chain.commitValidatedRun(startHeight: 21, headers: [header]) }
    }

    @Test func timestampAtOrBelowTheMedian() {
        let median = base[14].time  // median of heights 10…20 in an evenly spaced run
        for time in [median, median - 1] {
            let header = SPVFixtures.mine(on: base[19], time: time)
            expectRejected(.timeNotAfterMedian(height: 21, time: time, median: median)) {
                try chain.commitValidatedRun(startHeight: 21, headers: [header])
            }
        }
        let accepted = SPVFixtures.mine(on: base[19], time: median + 1)
        #expect(throws: Never.self) { try chain.commitValidatedRun(startHeight: 21, headers: [accepted]) }
    }

    @Test func staleBranchWithEqualWork() {
        let branch = SPVFixtures.mineRun(on: base[14], count: 5, salt: 7)
        expectRejected(.staleBranch(forkHeight: 15)) { try chain.commitValidatedRun(startHeight: 16, headers: branch) }
    }

    @Test func reorgDeeperThan144() throws {
        try chain.commitValidatedRun(startHeight: 21, headers: SPVFixtures.mineRun(on: base[19], count: 130))
        let branch = SPVFixtures.mineRun(on: base[4], count: 150, salt: 9)
        expectRejected(.reorgTooDeep(forkHeight: 5, depth: 145)) {
            try chain.commitValidatedRun(startHeight: 6, headers: branch)
        }
    }

    @Test func storageFailureChangesNothing() {
        storage.failNextWrite = true
        let before = storage.records
        #expect(throws: HeaderChainError.self) {
            try chain.commitValidatedRun(startHeight: 21, headers: SPVFixtures.mineRun(on: base[19], count: 2))
        }
        #expect(storage.records == before)
        #expect(chain.validatedTipHeight == 20)
    }
}
