import HFCrypto
import Testing

/// The health tests of NIST SP 800-90B §4.4 (issue 32): the cutoffs against the standard's own numbers and an exact
/// computation made outside this code, and each test on hand-written samples.
@Suite struct HealthTestTests {
    /// 800-90B §4.4.2, Table 2 (W = 512, α = 2^−20): the adaptive proportion cutoffs for H = 1, 2, 4, 8.
    @Test(arguments: [(1, 311), (2, 177), (4, 62), (8, 13)])
    func adaptiveProportionCutoffsMatchTheStandardsTable(minEntropy: Int, cutoff: Int) {
        let parameters = HealthTestParameters(minEntropy: minEntropy, falsePositiveExponent: 20)
        #expect(parameters.adaptiveProportionCutoff == cutoff)
    }

    /// 800-90B §4.4.1's example: α = 2^−20 and H = 2 give C = 1 + ⌈20/2⌉ = 11.
    @Test func repetitionCutoffMatchesTheStandardsExample() {
        #expect(HealthTestParameters(minEntropy: 2, falsePositiveExponent: 20).repetitionCutoff == 11)
    }

    /// Both cutoffs at α = 2^−30 and 2^−40, computed independently with exact rational arithmetic (Python's
    /// `fractions` and `math.comb`: the smallest k with P(X ≤ k) ≥ 1 − α summed term by term; recorded in
    /// docs/decisions/0019-generator-health-tests.md).
    @Test(arguments: [
        (1, 30, 31, 325), (1, 40, 41, 336), (2, 30, 16, 190), (2, 40, 21, 201),
        (4, 30, 9, 71), (4, 40, 11, 78), (8, 30, 5, 16), (8, 40, 6, 19),
    ])
    func cutoffsMatchAnExactComputation(minEntropy: Int, exponent: Int, repetition: Int, proportion: Int) {
        let parameters = HealthTestParameters(minEntropy: minEntropy, falsePositiveExponent: exponent)
        #expect(parameters.repetitionCutoff == repetition)
        #expect(parameters.adaptiveProportionCutoff == proportion)
    }

    @Test func theSignersParametersAreFullEntropyAtTwoToTheMinusForty() {
        #expect(HealthTestParameters.signer.minEntropy == 8)
        #expect(HealthTestParameters.signer.falsePositiveExponent == 40)
        #expect(HealthTestParameters.signer.window == 512)
        #expect(HealthTestParameters.signer.repetitionCutoff == 6)
        #expect(HealthTestParameters.signer.adaptiveProportionCutoff == 19)
    }

    @Test func repetitionCountFailsAtTheCutoffExactly() {
        let five: [UInt8] = [9, 7, 7, 7, 7, 7, 3]
        let six: [UInt8] = [9, 7, 7, 7, 7, 7, 7, 3]
        #expect(RepetitionCountTest.run(five, cutoff: 6) == HealthTestOutcome(cutoff: 6, observed: 5, samples: 7))
        #expect(RepetitionCountTest.run(five, cutoff: 6).passed)
        #expect(!RepetitionCountTest.run(six, cutoff: 6).passed)
        #expect(RepetitionCountTest.run(six, cutoff: 6).observed == 6)
        #expect(RepetitionCountTest.run([], cutoff: 6).passed)
        #expect(RepetitionCountTest.run([1, 2, 1, 2, 1, 2], cutoff: 2).observed == 1)
        #expect(!RepetitionCountTest.run([0, 0], cutoff: 2).passed)
    }

    @Test func adaptiveProportionCountsTheWindowsFirstByteIncludingItself() {
        // 18 copies of the first byte (itself included) in a window of 512 pass; 19 fail.
        var window = (0..<512).map { UInt8(truncatingIfNeeded: $0 % 200 + 20) }
        window[0] = 5
        for index in 1..<18 { window[index * 20] = 5 }
        #expect(AdaptiveProportionTest.run(window, window: 512, cutoff: 19) == HealthTestOutcome(cutoff: 19, observed: 18, samples: 512))
        window[400] = 5
        #expect(!AdaptiveProportionTest.run(window, window: 512, cutoff: 19).passed)
        // Copies of a value that is not the window's first byte are not counted.
        var other = window
        other[0] = 6
        #expect(AdaptiveProportionTest.run(other, window: 512, cutoff: 19).observed == 1)
        // The second window has its own first byte; a shorter last window is tested too.
        let twoWindows = [UInt8](repeating: 1, count: 512).enumerated().map { UInt8($0.offset % 256) }
            + [UInt8](repeating: 4, count: 30)
        let outcome = AdaptiveProportionTest.run(twoWindows, window: 512, cutoff: 19)
        #expect(outcome.observed == 30)
        #expect(!outcome.passed)
    }
}
