import HFBundles
import HFPrimitives
import HFSPV
import HFSignerCore
import RegtestFixtures
import Testing

/// The order `import FILE…` takes its files in (issue 15): header bundles first by start height, whatever order they
/// are given in (equal starts as given), then every other file (receipts, unreadable or undecodable files) as given.
@Suite struct ImportOrderTests {
    @Test func headersGoFirstInHeightOrderAndTheRestKeepTheOrderGiven() throws {
        var blocks: [Regtest.Block] = []
        var parent = Checkpoint.regtest.header
        for _ in 0..<6 {
            let block = try Regtest.mineBlock(on: parent, transactions: 1)
            blocks.append(block)
            parent = block.header
        }
        let first = try Regtest.headersBundle(Array(blocks[0..<2]), start: 1)
        let second = try Regtest.headersBundle(Array(blocks[2..<4]), start: 3)
        let third = try Regtest.headersBundle(Array(blocks[4..<6]), start: 5)
        let alsoFirst = try Regtest.headersBundle(Array(blocks[0..<3]), start: 1)
        let receipt = try blocks[1].receipt(index: 0, height: 2).encoded()
        let garbage: [UInt8] = Array("{\"format\":\"hfheaders\"}".utf8)
        // given: receipt, third, unreadable, second, garbage, first, alsoFirst
        let files: [[UInt8]?] = [receipt, third, nil, second, garbage, first, alsoFirst]
        let ordered = ImportOrder.order(files)
        #expect(ordered.map(\.index) == [5, 6, 3, 1, 0, 2, 4])
        #expect(ordered.map { $0.headers?.startHeight } == [1, 1, 3, 5, nil, nil, nil], "headers come decoded, once")
        #expect(ordered[1].headers == (try HeadersBundle(decoding: alsoFirst, expectedNetwork: .regtest)))
        #expect(ordered.map { $0.parsed?.kind } == [nil, nil, nil, nil, .receipt, nil, .headers],
                "the others come parsed (the undecodable headers file too), an unreadable file not at all")
        #expect(ImportOrder.order([receipt, nil]).map(\.index) == [0, 1])
        #expect(ImportOrder.order([third, second, first]).map(\.index) == [2, 1, 0])
        #expect(ImportOrder.order([]).isEmpty)
    }
}
