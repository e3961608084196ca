/// The health tests of the system generator that run before any key is made (`hf-signer keys selftest`), by the
/// names hf-signer(1) and the `--json` result give them.
public enum GeneratorTest: String, CaseIterable, Sendable {
    /// The source is the kernel's `getrandom(2)` and its generator is initialised.
    case getrandom
    /// NIST SP 800-90B §4.4.1: no run of equal bytes as long as the cutoff.
    case repetitionCount = "repetition-count"
    /// NIST SP 800-90B §4.4.2: no window where its first byte occurs as often as the cutoff.
    case adaptiveProportion = "adaptive-proportion"
    /// Two consecutive draws are not the same bytes.
    case drawsDiffer = "draws-differ"
}
