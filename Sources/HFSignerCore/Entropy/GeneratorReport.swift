public import HFCrypto

/// The results of a run of the generator health tests (``GeneratorSelfTest``), in the order they ran.
public struct GeneratorReport: Hashable, Sendable {
    /// Every test's result.
    public let results: [GeneratorTestResult]
    /// The parameters the statistical tests used.
    public let parameters: HealthTestParameters

    /// True when every test passed.
    public var passed: Bool { results.allSatisfy(\.passed) }

    /// The first test that failed, or nil.
    public var firstFailure: GeneratorTestResult? { results.first { !$0.passed } }
}
