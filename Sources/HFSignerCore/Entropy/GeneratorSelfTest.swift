import HFCrypto
import HFSystem

/// The health tests of the system generator (issue 32; `docs/decisions/0019-generator-health-tests.md`): on fresh
/// output of the source keys are drawn from, the repetition count and adaptive proportion tests of NIST SP 800-90B
/// §4.4 with the cutoffs of ``HFCrypto/HealthTestParameters/signer``, a check that two draws differ, and a check that
/// the source is the kernel's `getrandom(2)` with its generator initialised.
///
/// The tests catch a generator that is broken outright (stuck, heavily biased, replaying its output, not the
/// kernel's); they cannot see a generator that is subtly weak yet looks random, which is what dice are for.
public enum GeneratorSelfTest {
    /// How many fresh bytes the statistical tests read: 128 windows of 512.
    public static let sampleBytes = 65_536
    /// The size of each of the two draws compared by ``GeneratorTest/drawsDiffer``, and of the kernel probe.
    public static let probeBytes = 32

    /// Runs every test on the kernel's generator.
    public static func run() -> GeneratorReport { run(source: .kernel) }

    /// Runs every test on `source` (tests feed substitutes here).
    static func run(source: RandomSource, parameters: HealthTestParameters = .signer) -> GeneratorReport {
        var results = [kernelCheck(source)]
        switch drawn(source, sampleBytes) {
        case .success(var samples):
            defer { Zeroization.zeroize(&samples) }
            results.append(repetition(RepetitionCountTest.run(samples, parameters: parameters)))
            results.append(proportion(AdaptiveProportionTest.run(samples, parameters: parameters), parameters))
        case .failure(let error):
            let detail = "reading \(sampleBytes) bytes failed: \(error)"
            results.append(GeneratorTestResult(test: .repetitionCount, passed: false, detail: detail))
            results.append(GeneratorTestResult(test: .adaptiveProportion, passed: false, detail: detail))
        }
        results.append(differ(source))
        return GeneratorReport(results: results, parameters: parameters)
    }

    /// The `getrandom` test: the source must be the kernel's, and a non-blocking request must be answered in full.
    private static func kernelCheck(_ source: RandomSource) -> GeneratorTestResult {
        guard case .kernel = source.origin else {
            let name = if case .substitute(let name) = source.origin { name } else { "" }
            return GeneratorTestResult(
                test: .getrandom, passed: false, detail: "the source is not the kernel's getrandom(2) but \(name)")
        }
        do {
            let given = try source.probe()
            guard given == probeBytes else {
                return GeneratorTestResult(
                    test: .getrandom, passed: false,
                    detail: "getrandom(2) gave \(given) of \(probeBytes) bytes without waiting")
            }
            return GeneratorTestResult(
                test: .getrandom, passed: true,
                detail: "the kernel's getrandom(2) gave \(probeBytes) bytes without waiting "
                    + "(its generator is initialised)")
        } catch {
            let reason =
                error.code == Errno.wouldBlock ? "the kernel's generator is not initialised yet" : error.description
            return GeneratorTestResult(test: .getrandom, passed: false, detail: "getrandom(2) failed: \(reason)")
        }
    }

    private static func repetition(_ outcome: HealthTestOutcome) -> GeneratorTestResult {
        GeneratorTestResult(
            test: .repetitionCount, passed: outcome.passed,
            detail: "longest run of equal bytes: \(outcome.observed) in \(outcome.samples) "
                + "(a run of \(outcome.cutoff) fails)",
            cutoff: outcome.cutoff, observed: outcome.observed, samples: outcome.samples)
    }

    private static func proportion(
        _ outcome: HealthTestOutcome, _ parameters: HealthTestParameters
    ) -> GeneratorTestResult {
        GeneratorTestResult(
            test: .adaptiveProportion, passed: outcome.passed,
            detail: "most copies of a window's first byte: \(outcome.observed) in a window of \(parameters.window) "
                + "(\(outcome.cutoff) fail)",
            cutoff: outcome.cutoff, observed: outcome.observed, samples: outcome.samples)
    }

    /// The `draws-differ` test: two fresh draws of ``probeBytes`` must not be equal.
    private static func differ(_ source: RandomSource) -> GeneratorTestResult {
        switch (drawn(source, probeBytes), drawn(source, probeBytes)) {
        case (.success(var first), .success(var second)):
            defer {
                Zeroization.zeroize(&first)
                Zeroization.zeroize(&second)
            }
            let same = constantTimeEqual(first, second)
            return GeneratorTestResult(
                test: .drawsDiffer, passed: !same,
                detail: same ? "two \(probeBytes)-byte draws were identical" : "two \(probeBytes)-byte draws differ")
        case (.failure(let error), _), (_, .failure(let error)):
            return GeneratorTestResult(
                test: .drawsDiffer, passed: false, detail: "reading \(probeBytes) bytes failed: \(error)")
        }
    }

    /// `count` bytes of `source`, checked for length.
    static func drawn(_ source: RandomSource, _ count: Int) -> Result<[UInt8], Errno> {
        do {
            let bytes = try source.draw(count)
            guard bytes.count == count else { return .failure(Errno(code: Errno.ioFailure, call: .getrandom)) }
            return .success(bytes)
        } catch {
            return .failure(error)
        }
    }
}
