/// The adaptive proportion test of NIST SP 800-90B §4.4.2 over bytes: in each window of consecutive bytes, the
/// window's first byte must occur fewer than `cutoff` times (counting itself). It catches a generator that favours
/// one value.
public enum AdaptiveProportionTest {
    /// Runs the test over `samples` in consecutive windows of `parameters.window` bytes (the last one may be shorter)
    /// with the cutoff of `parameters`.
    /// - Returns: the outcome, with the most copies of a window's first byte met in its window (0 for no samples).
    public static func run(_ samples: [UInt8], parameters: HealthTestParameters) -> HealthTestOutcome {
        run(samples, window: parameters.window, cutoff: parameters.adaptiveProportionCutoff)
    }

    /// Runs the test with an explicit `window` and `cutoff` (both ≥ 2).
    public static func run(_ samples: [UInt8], window: Int, cutoff: Int) -> HealthTestOutcome {
        precondition(window >= 2 && cutoff >= 2, "AdaptiveProportionTest: window and cutoff are at least 2")
        var highest = 0
        var start = 0
        while start < samples.count {
            let end = min(start + window, samples.count)
            let first = samples[start]
            var count = 0
            for index in start..<end where samples[index] == first { count += 1 }
            highest = max(highest, count)
            start = end
        }
        return HealthTestOutcome(cutoff: cutoff, observed: highest, samples: samples.count)
    }
}
