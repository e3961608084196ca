/// The parameters of the generator health tests of NIST SP 800-90B §4.4 and the cutoffs that follow from them
/// (`docs/decisions/0019-generator-health-tests.md` gives the numbers and the reasoning).
///
/// A sample is one byte. `minEntropy` is the claimed min-entropy H of a sample in whole bits (1…8); the
/// false-positive probability of each test is α = 2^−`falsePositiveExponent` (800-90B asks for 2^−20 ≤ α ≤ 2^−40).
/// The cutoffs are computed, not tabulated: the repetition count test's C = 1 + ⌈−log2(α) / H⌉ (§4.4.1) and the
/// adaptive proportion test's C = 1 + CRITBINOM(W, 2^−H, 1 − α) with the window W = 512 of a non-binary source
/// (§4.4.2), CRITBINOM being the smallest k with P(X ≤ k) ≥ 1 − α for X ~ Binomial(W, 2^−H).
public struct HealthTestParameters: Hashable, Sendable {
    /// The claimed min-entropy of one byte, in bits (1…8).
    public let minEntropy: Int
    /// The exponent e of the false-positive probability α = 2^−e (20…40).
    public let falsePositiveExponent: Int
    /// The adaptive proportion test's window: 512 samples for a non-binary source (800-90B §4.4.2).
    public let window: Int

    /// The parameters the signer uses: full entropy (H = 8 bits a byte, what a working generator's output has) and
    /// α = 2^−40, so that a run over tens of thousands of bytes still raises a false alarm less than once in ten
    /// million runs.
    public static let signer = HealthTestParameters(minEntropy: 8, falsePositiveExponent: 40)

    /// Parameters for a claim of `minEntropy` bits a byte and α = 2^−`falsePositiveExponent`.
    /// - Precondition: 1 ≤ `minEntropy` ≤ 8 and 20 ≤ `falsePositiveExponent` ≤ 40 (the range 800-90B allows).
    public init(minEntropy: Int, falsePositiveExponent: Int, window: Int = 512) {
        precondition((1...8).contains(minEntropy), "HealthTestParameters: H must be 1…8 bits a byte")
        precondition((20...40).contains(falsePositiveExponent), "HealthTestParameters: α must be 2^-20…2^-40")
        precondition(window >= 2, "HealthTestParameters: a window holds at least 2 samples")
        self.minEntropy = minEntropy
        self.falsePositiveExponent = falsePositiveExponent
        self.window = window
    }

    /// The repetition count test's cutoff C = 1 + ⌈e / H⌉: a run of C equal bytes fails.
    public var repetitionCutoff: Int { 1 + (falsePositiveExponent + minEntropy - 1) / minEntropy }

    /// The adaptive proportion test's cutoff C = 1 + CRITBINOM(W, 2^−H, 1 − α): C copies of a window's first byte
    /// within the window fail.
    public var adaptiveProportionCutoff: Int {
        1 + Self.criticalBinomial(trials: window, probability: 1 / Double(1 << minEntropy), alpha: alpha)
    }

    /// α = 2^−e.
    public var alpha: Double { Double(sign: .plus, exponent: -falsePositiveExponent, significand: 1) }

    /// CRITBINOM(n, p, 1 − α): the smallest k with P(X ≤ k) ≥ 1 − α for X ~ Binomial(n, p), found from the upper tail
    /// P(X > k) ≤ α summed from its smallest terms (no cancellation near 1).
    static func criticalBinomial(trials: Int, probability p: Double, alpha: Double) -> Int {
        // The probabilities of 0…n successes by the recurrence P(j+1) = P(j)·(n−j)/(j+1)·p/(1−p), from P(0) = (1−p)^n.
        var first = 1.0
        for _ in 0..<trials { first *= 1 - p }
        var mass = [first]
        mass.reserveCapacity(trials + 1)
        for j in 0..<trials { mass.append(mass[j] * Double(trials - j) / Double(j + 1) * p / (1 - p)) }
        var upperTail = 0.0  // P(X > k), for k from n down
        var k = trials
        while k > 0 {
            let next = upperTail + mass[k]  // P(X > k − 1)
            if next > alpha { return k }
            upperTail = next
            k -= 1
        }
        return 0
    }
}
