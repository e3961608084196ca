/// The repetition count test of NIST SP 800-90B §4.4.1 over bytes: a run of `cutoff` equal consecutive bytes means
/// the generator is stuck.
public enum RepetitionCountTest {
    /// Runs the test over `samples` with the cutoff of `parameters`.
    /// - Returns: the outcome, with the longest run of equal bytes met (0 for no samples).
    public static func run(_ samples: [UInt8], parameters: HealthTestParameters) -> HealthTestOutcome {
        run(samples, cutoff: parameters.repetitionCutoff)
    }

    /// Runs the test with an explicit `cutoff` (≥ 2).
    public static func run(_ samples: [UInt8], cutoff: Int) -> HealthTestOutcome {
        precondition(cutoff >= 2, "RepetitionCountTest: the cutoff is at least 2")
        guard var previous = samples.first else { return HealthTestOutcome(cutoff: cutoff, observed: 0, samples: 0) }
        var run = 1
        var longest = 1
        for sample in samples.dropFirst() {
            if sample == previous {
                run += 1
                longest = max(longest, run)
            } else {
                previous = sample
                run = 1
            }
        }
        return HealthTestOutcome(cutoff: cutoff, observed: longest, samples: samples.count)
    }
}
