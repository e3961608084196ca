public import HFCrypto
public import HFWallet

/// The system generator once it passed its health tests (``GeneratorSelfTest``): the one way the signer draws key
/// material — new phrases, the generator's half of a dice phrase, wallet-file keys. The bytes come from the source
/// the tests read (the kernel's `getrandom(2)`), and each draw for a key is checked again by the repetition count
/// test.
public struct KeyEntropy: Sendable {
    /// The source the tests passed on.
    let source: RandomSource
    /// What the tests saw.
    public let report: GeneratorReport

    /// Runs the health tests on the kernel's generator.
    /// - Throws: `SignerError.generatorSelfTest` (exit 70) naming the first failed test; nothing is generated.
    public static func checked() throws(SignerError) -> KeyEntropy { try checked(source: .kernel) }

    /// Runs the health tests on `source` (tests feed substitutes here).
    static func checked(source: RandomSource) throws(SignerError) -> KeyEntropy {
        let report = GeneratorSelfTest.run(source: source)
        if let failure = report.firstFailure { throw .generatorSelfTest(failure) }
        return KeyEntropy(source: source, report: report)
    }

    /// `count` fresh secret bytes of the tested source.
    /// - Throws: `SignerError.generatorSelfTest` (exit 70) when the read fails or the bytes hold a run the repetition
    ///   count test refuses.
    public func secretBytes(_ count: Int) throws(SignerError) -> SecureBytes {
        var bytes: [UInt8]
        switch GeneratorSelfTest.drawn(source, count) {
        case .success(let drawn): bytes = drawn
        case .failure(let error):
            throw .generatorSelfTest(
                GeneratorTestResult(
                    test: .getrandom, passed: false, detail: "reading \(count) key bytes failed: \(error)"))
        }
        let outcome = RepetitionCountTest.run(bytes, parameters: report.parameters)
        guard outcome.passed else {
            Zeroization.zeroize(&bytes)
            throw .generatorSelfTest(
                GeneratorTestResult(
                    test: .repetitionCount, passed: false,
                    detail: "the \(count) key bytes drawn held a run of \(outcome.observed) equal bytes "
                        + "(a run of \(outcome.cutoff) fails)",
                    cutoff: outcome.cutoff, observed: outcome.observed, samples: count))
        }
        return SecureBytes(consuming: &bytes)
    }

    /// A new secp256k1 private key (an ephemeral BIE1 key) from 32 fresh bytes of the tested source, drawn again in
    /// the practically impossible case that they are not a valid scalar.
    public func privateKey() throws(SignerError) -> PrivateKey {
        while true {
            var candidate = try secretBytes(32).bytes
            defer { Zeroization.zeroize(&candidate) }
            if let key = try? PrivateKey(rawRepresentation: candidate) { return key }
        }
    }

    /// A new phrase of `length` from the tested source.
    public func mnemonic(_ length: Mnemonic.GeneratedLength) throws(SignerError) -> Mnemonic {
        var entropy = try secretBytes(length.entropyByteCount).bytes
        defer { Zeroization.zeroize(&entropy) }
        do { return try Mnemonic(entropy: entropy) } catch {
            throw .rejected(reason: "a new phrase could not be made: \(error)")
        }
    }

    /// The phrase of `dice` XORed with as many fresh bytes of the tested source.
    public func mnemonic(mixing dice: DiceEntropy) throws(SignerError) -> Mnemonic {
        var random = try secretBytes(dice.length.entropyByteCount).bytes
        defer { Zeroization.zeroize(&random) }
        return dice.mnemonic(mixing: random)
    }
}
