import HFPrimitives

/// Bitcoin's original rule: every 2016 blocks the target scales by the time the last 2016 blocks took over two weeks,
/// clamped to a factor of 4, capped at the proof-of-work limit; between boundaries the bits stay the same.
enum LegacyRetarget {
    static let interval = 2016
    static let targetTimespan: UInt64 = 14 * 24 * 60 * 60

    static func requiredBits(height: Int, in ancestry: some HeaderAncestry) throws(HeaderRejection) -> UInt32 {
        let parentHeight = height - 1
        guard parentHeight >= ancestry.lowestHeight else { throw .difficultyRuleUnavailable(height: height) }
        let parent = ancestry.header(at: parentHeight)
        guard height % interval == 0 else { return parent.bits }
        let firstHeight = height - interval
        guard firstHeight >= ancestry.lowestHeight else { throw .difficultyRuleUnavailable(height: height) }
        let first = ancestry.header(at: firstHeight)
        let actual = Int64(parent.time) - Int64(first.time)
        let timespan = UInt64(min(max(actual, Int64(targetTimespan / 4)), Int64(targetTimespan * 4)))
        guard let target = try? CompactTarget(bits: parent.bits).target else {
            throw .invalidBits(height: parentHeight)
        }
        // target · timespan / targetTimespan, done in 256 bits: the limit target times 4 still fits.
        let scaled = target.multipliedReportingOverflow(by: timespan)
        let next = scaled.overflow ? Network.main.proofOfWorkLimit : scaled.partialValue.divided(by: targetTimespan)
        return CompactTarget(target: min(next, Network.main.proofOfWorkLimit)).bits
    }
}
