import HFPrimitives

/// The BSV/BCH 144-block work-weighted difficulty rule (in force on BSV mainnet since height 504031).
///
/// For a header at height h: `last` is the median-by-time of the three headers ending at h − 1, `first` the same for
/// the three ending at h − 145. `work = (chainWork(last) − chainWork(first)) · 600 / timespan`, the timespan clamped
/// to [72·600, 288·600]; `target = (2²⁵⁶ − work) / work`, capped at the proof-of-work limit.
enum CashWorkRule {
    /// Ten minutes, the target block spacing.
    static let spacing: UInt64 = 600
    /// The averaging window.
    static let window = 144
    /// Headers needed below the one validated: h − 147 … h − 1.
    static let contextNeeded = window + 3

    static func requiredBits(height: Int, in ancestry: some HeaderAncestry) throws(HeaderRejection) -> UInt32 {
        guard height - contextNeeded >= ancestry.lowestHeight else { throw .difficultyRuleUnavailable(height: height) }
        let last = suitableHeight(endingAt: height - 1, in: ancestry)
        let first = suitableHeight(endingAt: height - 1 - window, in: ancestry)
        let actual = Int64(ancestry.header(at: last).time) - Int64(ancestry.header(at: first).time)
        let timespan = UInt64(min(max(actual, Int64(72 * spacing)), Int64(288 * spacing)))
        let work = (ancestry.chainWork(at: last) - ancestry.chainWork(at: first))
            .multipliedReportingOverflow(by: spacing).partialValue.divided(by: timespan)
        guard work != .zero else { return CompactTarget(target: Network.main.proofOfWorkLimit).bits }
        let target = (UInt256.zero &- work) / work
        return CompactTarget(target: min(target, Network.main.proofOfWorkLimit)).bits
    }

    /// The height of the median-by-time of the headers at `height − 2`, `height − 1`, `height` (Bitcoin ABC's sorting
    /// network, so ties resolve exactly as the nodes do).
    static func suitableHeight(endingAt height: Int, in ancestry: some HeaderAncestry) -> Int {
        // Three (height, time) pairs in locals: this runs twice per header, so no array.
        var a = (height: height - 2, time: ancestry.time(at: height - 2))
        var b = (height: height - 1, time: ancestry.time(at: height - 1))
        var c = (height: height, time: ancestry.time(at: height))
        if a.time > c.time { swap(&a, &c) }
        if a.time > b.time { swap(&a, &b) }
        if b.time > c.time { swap(&b, &c) }
        return b.height
    }
}
