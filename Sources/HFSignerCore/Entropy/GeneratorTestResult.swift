/// The result of one generator health test: its name, whether it passed, a sentence saying what it saw, and for the
/// two statistical tests the cutoff, the largest count met and the number of bytes tested.
public struct GeneratorTestResult: Hashable, Sendable {
    /// Which test.
    public let test: GeneratorTest
    /// Whether it passed.
    public let passed: Bool
    /// What the test saw, as a sentence (no secret: counts and cutoffs, never the bytes).
    public let detail: String
    /// The count that fails the test (statistical tests only).
    public let cutoff: Int?
    /// The largest count met (statistical tests only).
    public let observed: Int?
    /// How many bytes were tested (statistical tests only).
    public let samples: Int?

    /// A result; the counts are given for the statistical tests only.
    public init(
        test: GeneratorTest, passed: Bool, detail: String, cutoff: Int? = nil, observed: Int? = nil,
        samples: Int? = nil
    ) {
        self.test = test
        self.passed = passed
        self.detail = detail
        self.cutoff = cutoff
        self.observed = observed
        self.samples = samples
    }
}
