import HFPrimitives

/// The median-time-past rule: a header's time must be greater than the median of the previous 11 headers' times.
enum MedianTimePast {
    /// How many previous headers take part.
    static let span = 11

    /// The median time of the up to 11 headers ending at `parentHeight` (fewer near the lowest available height).
    static func median(endingAt parentHeight: Int, in ancestry: some HeaderAncestry) -> UInt32 {
        let first = max(ancestry.lowestHeight, parentHeight - span + 1)
        let count = parentHeight - first + 1
        // Insertion sort in a stack buffer: this runs once per header, so no heap allocation.
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: span) { times in
            for offset in 0..<count {
                let time = ancestry.time(at: first + offset)
                var slot = offset
                while slot > 0, times[slot - 1] > time {
                    times[slot] = times[slot - 1]
                    slot -= 1
                }
                times[slot] = time
            }
            return times[count / 2]
        }
    }
}
