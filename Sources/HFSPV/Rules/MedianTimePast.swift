import HFPrimitives

/// The median-time-past rule: a header's time must be greater than the median of the previous 11 headers' times.
enum MedianTimePast {
    /// How many previous headers take part.
    static let span = 11

    /// The median time of the up to 11 headers ending at `parentHeight` (fewer near the lowest available height).
    static func median(endingAt parentHeight: Int, in ancestry: some HeaderAncestry) -> UInt32 {
        let first = max(ancestry.lowestHeight, parentHeight - span + 1)
        var times = (first...parentHeight).map { ancestry.header(at: $0).time }
        times.sort()
        return times[times.count / 2]
    }
}
