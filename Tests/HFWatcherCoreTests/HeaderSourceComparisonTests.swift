import HFNetwork
import HFPrimitives
import HFSPV
import HFWatcherCore
import RegtestFixtures
import Testing

/// `count` valid-PoW regtest headers on `parent`, as records from height `start`.
private func branch(on parent: BlockHeader, from start: Int, count: Int) throws -> [BlockHeaderRecord] {
    var records: [BlockHeaderRecord] = []
    var previous = parent
    for offset in 0..<count {
        let header = try Regtest.mineBlock(on: previous, transactions: 1).header
        records.append(BlockHeaderRecord(height: start + offset, header: header))
        previous = header
    }
    return records
}

private let genesis = Checkpoint.regtest.headers[Checkpoint.regtest.headers.count - 1]

@Suite struct HeaderSourceComparisonTests {
    @Test func identicalAnswersAgreeToTheEnd() throws {
        let run = try branch(on: genesis, from: 1, count: 20)
        let comparison = HeaderSourceComparison(
            .init(name: "junglebus", records: run), .init(name: "whatsonchain", records: run.reversed()), tip: 20)
        #expect(comparison.agreedThrough == 20)
        #expect(comparison.disagreement == nil)
        #expect(!comparison.isBlocking)
        #expect(comparison.names == ["junglebus", "whatsonchain"])
    }

    @Test func aBranchTenDeepIsASettledDisagreementNamingBothAnswers() throws {
        let common = try branch(on: genesis, from: 1, count: 10)
        let ours = common + (try branch(on: common[9].header, from: 11, count: 10))
        let theirs = common + (try branch(on: common[9].header, from: 11, count: 10))
        let comparison = HeaderSourceComparison(
            .init(name: "junglebus", records: ours), .init(name: "whatsonchain", records: theirs), tip: 20)
        let disagreement = try #require(comparison.disagreement)
        #expect(disagreement.height == 11)
        #expect(disagreement.isSettled)
        #expect(comparison.isBlocking)
        #expect(comparison.agreedThrough == 10)
        #expect(disagreement.first.hash == ours[10].hash && disagreement.second.hash == theirs[10].hash)
        #expect(disagreement.description.contains("height 11"))
        #expect(disagreement.description.contains(ours[10].hash.displayHex))
        #expect(disagreement.description.contains(theirs[10].hash.displayHex))
        #expect(disagreement.description.contains("junglebus") && disagreement.description.contains("whatsonchain"))
    }

    @Test func aDisagreementNearTheTipIsReportedButKeepsTheCommonPart() throws {
        let common = try branch(on: genesis, from: 1, count: 15)
        let ours = common + (try branch(on: common[14].header, from: 16, count: 5))
        let theirs = common + (try branch(on: common[14].header, from: 16, count: 5))
        // Height 16 is 4 below tip 20: a race between services.
        let near = HeaderSourceComparison(.init(name: "a", records: ours), .init(name: "b", records: theirs), tip: 20)
        #expect(near.disagreement?.height == 16)
        #expect(near.disagreement?.isSettled == false)
        #expect(!near.isBlocking)
        #expect(near.agreedThrough == 15)
        // 5 below the tip is still near; 6 below is settled.
        #expect(HeaderSourceComparison(.init(name: "a", records: ours), .init(name: "b", records: theirs), tip: 21).isBlocking == false)
        #expect(HeaderSourceComparison(.init(name: "a", records: ours), .init(name: "b", records: theirs), tip: 22).isBlocking)
    }

    @Test func aLaggingSourceLimitsTheCommonPartWithoutADisagreement() throws {
        let run = try branch(on: genesis, from: 1, count: 20)
        let comparison = HeaderSourceComparison(
            .init(name: "junglebus", records: run), .init(name: "whatsonchain", records: Array(run.prefix(12))), tip: 20)
        #expect(comparison.agreedThrough == 12)
        #expect(comparison.disagreement == nil)
        #expect(!comparison.isBlocking)
    }

    @Test func noSharedHeightsAgreeOnNothing() throws {
        let run = try branch(on: genesis, from: 1, count: 6)
        let comparison = HeaderSourceComparison(
            .init(name: "a", records: Array(run.prefix(3))), .init(name: "b", records: Array(run.suffix(3))), tip: 6)
        #expect(comparison.agreedThrough == nil)
        #expect(comparison.disagreement == nil)
        let other = try branch(on: genesis, from: 1, count: 6)
        let forked = HeaderSourceComparison(.init(name: "a", records: run), .init(name: "b", records: other), tip: 6)
        #expect(forked.agreedThrough == nil)
        #expect(forked.disagreement?.height == 1)
        #expect(forked.isBlocking == false)
    }
}
