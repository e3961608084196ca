@testable import HFQRCommands
import Testing

/// The frames-per-second figure of the live status line, from given timestamps (no clock involved).
@Suite struct FrameRateTests {
    static let millisecond = 1_000_000

    static func rate(_ milliseconds: [Int]) -> String? {
        var rate = FrameRate()
        for time in milliseconds { rate.count(at: time * millisecond) }
        return rate.perSecond
    }

    @Test func knownRates() {
        #expect(Self.rate(Array(stride(from: 0, through: 1000, by: 100))) == "10", "11 frames in 1 s: 10 a second")
        #expect(Self.rate([0, 250, 500, 750, 1000]) == "4.0")
        #expect(Self.rate(Array(stride(from: 0, through: 1000, by: 33))) == "30", "31 frames in 990 ms: 30.3")
        #expect(Self.rate([0, 300, 600, 900, 1200, 1500, 1800]) == "3.3")
    }

    @Test func noRateBeforeHalfASecond() {
        #expect(Self.rate([]) == nil)
        #expect(Self.rate([0]) == nil)
        #expect(Self.rate([0, 100, 200, 499]) == nil)
        #expect(Self.rate([0, 100, 200, 500]) != nil)
    }

    @Test func onlyTheLastTwoSecondsCount() {
        // Fast at first, then one a second: the old burst leaves the window.
        let burst = Array(stride(from: 0, through: 1000, by: 10))
        #expect(Self.rate(burst + [4000, 5000, 6000, 7000]) == "1.0")
    }
}
