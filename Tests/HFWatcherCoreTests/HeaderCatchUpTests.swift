import HFBundles
import HFPrimitives
import HFSPV
import HFWatcherCore
import Testing

/// How a catch-up is split (`export headers --out-dir`): consecutive runs from `--from` to the validated tip, the last
/// one shorter, never an empty one; the bundle of each run holds exactly its headers. Bundle sizes below the product's
/// 10,000 are used only here, to get several runs from a 7-header chain.
@Suite struct HeaderCatchUpTests {
    /// A chain of 7 validated regtest headers above genesis.
    static func chain() throws -> HeaderChain {
        let chain = try HeaderChain(checkpoint: .regtest)
        var headers = [WatcherBestChainTests.header(on: Checkpoint.regtest.header)]
        while headers.count < 7 { headers.append(WatcherBestChainTests.header(on: headers[headers.count - 1])) }
        try chain.commitValidatedRun(startHeight: 1, headers: headers)
        return chain
    }

    @Test func runsAreConsecutiveAndTheLastIsShorter() throws {
        let chain = try Self.chain()
        #expect(try HeaderCatchUp.runs(chain: chain, from: 1, size: 3) == [1...3, 4...6, 7...7])
        #expect(try HeaderCatchUp.runs(chain: chain, from: 2, size: 3) == [2...4, 5...7])
        #expect(try HeaderCatchUp.runs(chain: chain, from: 7, size: 3) == [7...7])
        #expect(try HeaderCatchUp.runs(chain: chain, from: 1) == [1...7])
        #expect(HeaderCatchUp.bundleSize == 10_000)
        #expect(HeaderCatchUp.fileName(20_001...25_001) == "20001-25001.hfheaders")
    }

    @Test func aStartOutsideTheValidatedChainIsRefused() throws {
        let chain = try Self.chain()
        #expect(throws: WatcherError.rejected(reason: "no validated headers from 8: the watcher's tip is 7; run sync")) {
            try HeaderCatchUp.runs(chain: chain, from: 8)
        }
        #expect(throws: WatcherError.rejected(reason: "--from must be above the checkpoint 0 (the signer's tip + 1)")) {
            try HeaderCatchUp.runs(chain: chain, from: 0)
        }
    }

    @Test func eachRunsBundleHoldsExactlyItsHeaders() throws {
        let chain = try Self.chain()
        for run in try HeaderCatchUp.runs(chain: chain, from: 1, size: 3) {
            let bundle = try WatcherExport.headers(chain: chain, run: run, feeQuote: nil)
            let decoded = try HeadersBundle(decoding: bundle.encoded(), expectedNetwork: .regtest)
            #expect(Int(decoded.startHeight) == run.lowerBound && Int(decoded.endHeight) == run.upperBound)
            #expect(decoded.headers.count == run.count)
        }
        // The one-file form is the first run of its --count.
        let first = try WatcherExport.headers(chain: chain, from: 2, count: 4, feeQuote: nil)
        #expect(first.startHeight == 2 && first.endHeight == 5)
    }
}
