import HFPrimitives
import Testing
@testable import HFSPV

@Suite struct CheckpointTests {
    @Test func mainnetCheckpointIsBlock887000WithItsContext() {
        let checkpoint = Checkpoint.main
        #expect(checkpoint.height == 887_000)
        #expect(checkpoint.hash.displayHex == "00000000000000000c7212aaf757a0e27454fded346baa40e8bd96ef01a83327")
        #expect(checkpoint.headers.count == 147)
        #expect(checkpoint.firstContextHeight == 886_854)
        #expect(checkpoint.headers.allSatisfy { $0.hasValidProofOfWork })
    }

    @Test func mainnetContextMatchesTheVectorFile() throws {
        guard let run = try SPVFixtures.bsvRun() else { return }
        #expect(Array(run[(886_854 - 886_001)...(887_000 - 886_001)]) == Checkpoint.main.headers)
    }

    @Test func testAndRegtestGenesis() {
        #expect(Checkpoint.test.hash.displayHex == "000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943")
        #expect(Checkpoint.regtest.hash.displayHex == "0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206")
        #expect(Checkpoint.regtest.header.bits == 0x207f_ffff)
        #expect(Checkpoint.compiled(for: .test).height == 0)
    }
}
