/// Frames per second over the last two seconds of a live scan, from monotonic timestamps.
struct FrameRate {
    /// The window the rate is measured over, in nanoseconds.
    static let window = 2_000_000_000
    /// The least time between the first and the last frame before a rate is shown, in nanoseconds.
    static let least = 500_000_000
    /// The most timestamps kept (a camera rarely reads more than 30 a second).
    static let capacity = 256

    /// The timestamps in the window, oldest first.
    private var times: [Int] = []

    /// Records a frame at `now` (nanoseconds on the monotonic clock).
    mutating func count(at now: Int) {
        times.append(now)
        let cut = times.firstIndex { now - $0 <= Self.window } ?? times.count
        if cut > 0 || times.count > Self.capacity { times.removeFirst(max(cut, times.count - Self.capacity)) }
    }

    /// The rate, rounded to a whole number of frames per second (`1` and up to the tenth below 10), or nil while
    /// the frames in the window span less than half a second.
    var perSecond: String? {
        guard let first = times.first, let last = times.last, last - first >= Self.least else { return nil }
        let tenths = (times.count - 1) * 10_000_000_000 / (last - first)
        return tenths >= 100 ? String((tenths + 5) / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}
