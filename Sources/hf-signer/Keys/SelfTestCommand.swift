import HFCommandLine
import HFSignerCore

/// `hf-signer keys selftest`: the system generator's health tests, as they run before every new key.
struct SelfTestCommand: Command {
    static let name = "selftest"
    static let abstract = "Run the system random generator's health tests (they also run before every new key)."
    static let discussion: String? = """
        Reads fresh output of the kernel's generator (getrandom) and runs: getrandom (the source is the kernel's \
        getrandom and its generator is initialised), repetition-count and adaptive-proportion (NIST SP 800-90B \
        §4.4 on 65536 bytes, a byte's min-entropy claimed at 8 bits and a false-alarm probability of 2^-40 per \
        test: a run of 6 equal bytes, or 19 copies of a window's first byte in a window of 512, fails), and \
        draws-differ (two 32-byte draws are not the same). `keys generate-mnemonic`, `wallet create` (unless \
        --dice-only), `export wallet` (its first file key) and `message encrypt` (its ephemeral key) run the same \
        tests first and make nothing when one fails. Exit 0 when every test passes, 70 naming the first failed \
        test. With --json: {"result":"pass"|"fail","tests":[{"name","result","detail",...}]} (the statistical \
        tests add "cutoff", "observed" and "samples").
        """
    static let options: [OptionHelp] = []

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let report = GeneratorSelfTest.run()
        let failure = report.firstFailure.map { SignerError.generatorSelfTest($0).commandError }
        if context.globals.json {
            let json = Report(report)
            guard let failure else {
                try Output.json(json)
                return .success
            }
            throw try Output.jsonFailure(json, failure)
        }
        Output.result(Self.lines(report))
        if let failure { throw failure }
        return .success
    }

    /// The human report: one line a test (`pass`/`FAIL`, its name, what it saw), then the verdict.
    static func lines(_ report: GeneratorReport) -> String {
        let width = GeneratorTest.allCases.map(\.rawValue.count).max() ?? 0
        var lines = report.results.map { result in
            let name = result.test.rawValue + String(repeating: " ", count: width - result.test.rawValue.count)
            return "\(result.passed ? "pass" : "FAIL")  \(name)  \(result.detail)"
        }
        lines.append(report.passed ? "result: pass" : "result: FAIL (nothing may be generated on this machine now)")
        return lines.joined(separator: "\n")
    }

    /// The `--json` result.
    struct Report: Encodable {
        let result: String
        let tests: [Test]

        init(_ report: GeneratorReport) {
            result = report.passed ? "pass" : "fail"
            tests = report.results.map(Test.init)
        }

        /// One test: its name, "pass" or "fail", what it saw; the counts of the statistical tests.
        struct Test: Encodable {
            let name: String
            let result: String
            let detail: String
            let cutoff: Int?
            let observed: Int?
            let samples: Int?

            init(_ result: GeneratorTestResult) {
                name = result.test.rawValue
                self.result = result.passed ? "pass" : "fail"
                detail = result.detail
                cutoff = result.cutoff
                observed = result.observed
                samples = result.samples
            }
        }
    }
}
