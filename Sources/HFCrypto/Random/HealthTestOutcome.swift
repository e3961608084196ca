/// What one health test saw on a run of samples: whether it passed, its cutoff and the largest count it met.
public struct HealthTestOutcome: Hashable, Sendable {
    /// False when the largest count reached the cutoff.
    public let passed: Bool
    /// The count that fails the test.
    public let cutoff: Int
    /// The largest count met: the longest run of equal bytes (repetition count) or the most copies of a window's first
    /// byte in its window (adaptive proportion).
    public let observed: Int
    /// How many bytes were tested.
    public let samples: Int

    /// An outcome; `passed` follows from `observed < cutoff`.
    public init(cutoff: Int, observed: Int, samples: Int) {
        self.cutoff = cutoff
        self.observed = observed
        self.samples = samples
        passed = observed < cutoff
    }
}
