import HFPrimitives
import Testing

@testable import HFWallet

@Suite struct AddressDiscoveryTests {
    /// Scans one chain whose used indices are `used`, returning the range and every index asked about.
    static func scan(_ used: Set<UInt32>, limit: UInt32 = AddressDiscovery.indexLimit) -> (DiscoveryRange, [UInt32]) {
        var asked: [UInt32] = []
        let range = AddressDiscovery.scan(scheme: .type42, chain: .receive, limit: limit) { index in
            asked.append(index)
            return used.contains(index)
        }
        return (range, asked)
    }

    @Test func nothingUsedScansTheFloor() {
        let (range, asked) = Self.scan([])
        #expect(range.lastUsed == nil && range.end == 50 && !range.isTruncated)
        #expect(asked == Array(0..<50))
    }

    /// Used indices, and the last used index and end the scan must find.
    struct GapCase: Sendable, CustomTestStringConvertible {
        let used: Set<UInt32>
        let lastUsed: UInt32?
        let end: UInt32
        var testDescription: String { "used \(used.sorted()) → end \(end)" }
    }

    @Test(arguments: [
        GapCase(used: [], lastUsed: nil, end: 50), GapCase(used: [0], lastUsed: 0, end: 50),
        GapCase(used: [29], lastUsed: 29, end: 50), GapCase(used: [30], lastUsed: 30, end: 51),
        GapCase(used: [3, 45], lastUsed: 45, end: 66), GapCase(used: [49], lastUsed: 49, end: 70),
        GapCase(used: [10, 31], lastUsed: 31, end: 52), GapCase(used: [10, 71], lastUsed: 10, end: 50),
        GapCase(used: [10, 30, 50, 70], lastUsed: 70, end: 91),
    ])
    func gapOfTwentyPastTheLastUsed(_ gap: GapCase) {
        let (range, asked) = Self.scan(gap.used)
        #expect(range.lastUsed == gap.lastUsed && range.end == gap.end)
        #expect(asked == Array(0..<gap.end))
        #expect(DiscoveryRange.end(lastUsed: gap.lastUsed) == gap.end)
    }

    @Test func limitTruncates() {
        let (range, asked) = Self.scan(Set(0..<1_000), limit: 100)
        #expect(range.lastUsed == 99 && range.end == 100 && range.isTruncated && asked.count == 100)
        let (small, _) = Self.scan([], limit: 30)
        #expect(small.end == 30 && small.isTruncated)
        #expect(DiscoveryRange.end(lastUsed: .max - 5) == .max)
    }

    @Test func scansBothChainsOfBothSchemesTypeFortyTwoFirst() {
        var asked: [(DerivationScheme, KeyChainKind)] = []
        let ranges = AddressDiscovery.scan { scheme, chain, index in
            if asked.last.map({ $0 != (scheme, chain) }) ?? true { asked.append((scheme, chain)) }
            return scheme == .bip44 && chain == .change && index == 60
        }
        #expect(
            asked.map { "\($0.0)/\($0.1)" } == ["type42/receive", "type42/change", "bip44/receive", "bip44/change"])
        #expect(ranges.map(\.end) == [50, 50, 50, 50])
        #expect(ranges[3].lastUsed == nil)
        let found = AddressDiscovery.scan { scheme, chain, index in
            scheme == .bip44 && chain == .change && index == 40
        }
        #expect(found.map(\.end) == [50, 50, 50, 61] && found[3].lastUsed == 40)
    }

    @Test func derivationRepair() {
        #expect(DerivationRepair.suggestion(current: .bip44, type42Used: true, bip44Used: false) == .type42)
        #expect(DerivationRepair.suggestion(current: .bip44, type42Used: true, bip44Used: true) == .type42)
        #expect(DerivationRepair.suggestion(current: .bip44, type42Used: false, bip44Used: true) == nil)
        #expect(DerivationRepair.suggestion(current: .bip44, type42Used: false, bip44Used: false) == nil)
        #expect(DerivationRepair.suggestion(current: .type42, type42Used: false, bip44Used: true) == .bip44)
        #expect(DerivationRepair.suggestion(current: .type42, type42Used: true, bip44Used: true) == nil)
        #expect(DerivationRepair.suggestion(current: .type42, type42Used: false, bip44Used: false) == nil)
        let ranges = AddressDiscovery.scan { scheme, _, index in scheme == .bip44 && index == 3 }
        #expect(DerivationRepair.suggestion(current: .type42, ranges: ranges) == .bip44)
        #expect(DerivationRepair.suggestion(current: .bip44, ranges: ranges) == nil)
    }
}
