import HFCommandLine
import Testing

/// Issue 28: one parser for every amount option — units, case, spaces, grouping, bare decimals, and every refusal
/// with its sentence and exit 64.
@Suite struct AmountArgumentTests {
    /// `hf-amount pay --amount A [--cap A]`: prints the satoshis, so the runner's exit codes can be checked.
    struct AmountTool: CommandGroup {
        static let name = "hf-amount"
        static let abstract = "Reads amounts."
        static let subcommands: [any Command.Type] = [Pay.self]
    }

    struct Pay: Command {
        static let name = "pay"
        static let abstract = "Reads --amount and --cap."
        static let amount = OptionHelp("--amount", value: "amount", help: "An amount above 0.", required: true)
        static let cap = OptionHelp("--cap", value: "amount", help: "An amount, 0 allowed.")
        static let options = [amount, cap]

        let satoshis: UInt64
        let cap: UInt64?

        init(parsing arguments: inout Arguments) throws {
            satoshis = try AmountArgument.satoshis(try arguments.requiredOption(Self.amount), option: "--amount")
            cap = try arguments.option(Self.cap).map { text throws(UsageError) in
                try AmountArgument.satoshis(text, option: "--cap", allowsZero: true)
            }
        }

        func run(_ context: CommandContext) throws -> ExitCode {
            Output.result("\(satoshis)" + (cap.map { " cap \($0)" } ?? ""))
            return .success
        }
    }

    static func run(_ arguments: [String]) -> RunResult {
        let out = CapturedOutput()
        let err = CapturedOutput()
        let code = CommandRunner.run(
            root: AmountTool.self, version: "hf-amount 1", arguments: arguments, globals: GlobalOption.standard,
            output: Output.Sinks(standardOutput: out.sink, standardError: err.sink))
        return RunResult(code: code, stdout: out.text, stderr: err.text)
    }

    static func satoshis(_ text: String, allowsZero: Bool = false) throws(UsageError) -> UInt64 {
        try AmountArgument.satoshis(text, option: "--amount", allowsZero: allowsZero)
    }

    @Test("a bare whole number stays satoshis, as scripts wrote it")
    func bareIntegerIsSatoshis() throws {
        #expect(try Self.satoshis("60000") == 60_000)
        #expect(try Self.satoshis("1") == 1)
        #expect(try Self.satoshis("007") == 7)
        #expect(try Self.satoshis("2100000000000000") == 2_100_000_000_000_000)
    }

    @Test("BSV and sat units, in any case, with or without spaces")
    func units() throws {
        let cases: [(String, UInt64)] = [
            ("0.001BSV", 100_000), ("0.001 bsv", 100_000), ("0.001 Bsv", 100_000), ("  0.001BSV  ", 100_000),
            ("0.0006BSV", 60_000), ("1BSV", 100_000_000), ("1.32654321 BSV", 132_654_321), ("0.00000001BSV", 1),
            ("0.50000000BSV", 50_000_000), ("0.5000000000BSV", 50_000_000), ("21000000BSV", 2_100_000_000_000_000),
            ("100000sat", 100_000), ("100000 SAT", 100_000), ("100000 sats", 100_000), ("1sat", 1),
        ]
        for (text, expected) in cases {
            #expect(try Self.satoshis(text) == expected, "\(text)")
        }
    }

    @Test("satoshis grouped by three with one kind of ',' or '_'")
    func grouping() throws {
        #expect(try Self.satoshis("100,000sat") == 100_000)
        #expect(try Self.satoshis("100,000") == 100_000)
        #expect(try Self.satoshis("1_000_000") == 1_000_000)
        #expect(try Self.satoshis("1,000,000 sat") == 1_000_000)
        #expect(try Self.satoshis("12,345") == 12_345)
    }

    @Test("zero only where the option allows it")
    func zero() throws {
        #expect(try Self.satoshis("0", allowsZero: true) == 0)
        #expect(try Self.satoshis("0BSV", allowsZero: true) == 0)
        #expect(throws: UsageError("--amount must be above 0, not '0'")) { try Self.satoshis("0") }
        #expect(throws: UsageError("--amount must be above 0, not '0.0BSV'")) { try Self.satoshis("0.0BSV") }
        #expect(throws: UsageError("--amount must be above 0, not '0sat'")) { try Self.satoshis("0sat") }
    }

    static let garbage = "must be an amount such as 60000 (satoshis), 60000sat or 0.0006BSV, not"
    static let grouping =
        "satoshis may be grouped by three digits with ',' or '_' (100,000 or 100_000); a fraction of a BSV is "
        + "written with a point and the unit (0.5BSV)"
    static let tooMuch = "is more than the 21,000,000 BSV (2,100,000,000,000,000 satoshis) that can exist"

    /// Every refusal, with its exact sentence.
    static let refusals: [(String, String)] = [
        ("", "--amount needs an amount, such as 60000 (satoshis), 60000sat or 0.0006BSV"),
        ("   ", "--amount needs an amount, such as 60000 (satoshis), 60000sat or 0.0006BSV"),
        ("0.0003", "--amount 0.0003 is not a whole number of satoshis; write 0.0003BSV for 30000 satoshis"),
        ("1.5", "--amount 1.5 is not a whole number of satoshis; write 1.5BSV for 150000000 satoshis"),
        (
            "0.000000001",
            "--amount 0.000000001 is not a whole number of satoshis, and as BSV it has more than 8 decimal places"
        ),
        ("0.000000001BSV", "--amount 0.000000001BSV has more than 8 decimal places; 1 satoshi is 0.00000001BSV"),
        ("1.123456789 bsv", "--amount 1.123456789BSV has more than 8 decimal places; 1 satoshi is 0.00000001BSV"),
        ("1.5sat", "--amount 1.5sat is not a whole number of satoshis"),
        ("-5", "--amount cannot be negative, not '-5'"),
        ("-0.5BSV", "--amount cannot be negative, not '-0.5BSV'"),
        ("2100000000000001", "--amount '2100000000000001' \(tooMuch)"),
        ("99999999999999999999", "--amount '99999999999999999999' \(tooMuch)"),
        ("21000000.00000001BSV", "--amount '21000000.00000001BSV' \(tooMuch)"),
        ("30000000BSV", "--amount '30000000BSV' \(tooMuch)"),
        ("99999999999999999999BSV", "--amount '99999999999999999999BSV' \(tooMuch)"),
        ("30000000.5", "--amount '30000000.5' \(tooMuch)"),
        ("abc", "--amount \(garbage) 'abc'"),
        ("1e5", "--amount \(garbage) '1e5'"),
        ("0x10", "--amount \(garbage) '0x10'"),
        ("+5", "--amount \(garbage) '+5'"),
        ("5 BTC", "--amount \(garbage) '5 BTC'"),
        ("BSV", "--amount \(garbage) 'BSV'"),
        ("sat", "--amount \(garbage) 'sat'"),
        (".5BSV", "--amount \(garbage) '.5BSV'"),
        ("5.BSV", "--amount \(garbage) '5.BSV'"),
        ("1.2.3BSV", "--amount \(garbage) '1.2.3BSV'"),
        ("100 000", "--amount \(garbage) '100 000'"),
        ("١٢٣", "--amount \(garbage) '١٢٣'"),
        ("0,5", "--amount '0,5': \(grouping)"),
        ("1,00,000", "--amount '1,00,000': \(grouping)"),
        ("1,000_000", "--amount '1,000_000': \(grouping)"),
        (",100", "--amount ',100': \(grouping)"),
        ("1000,", "--amount '1000,': \(grouping)"),
        (
            "1,000BSV",
            "--amount '1,000BSV': a BSV amount is written without grouping separators, with a point before its "
                + "decimals (1000.5BSV)"
        ),
        (
            "1_000.5 BSV",
            "--amount '1_000.5 BSV': a BSV amount is written without grouping separators, with a point before its "
                + "decimals (1000.5BSV)"
        ),
    ]

    @Test("every refusal has its own sentence")
    func refusalMessages() {
        for (text, message) in Self.refusals {
            #expect(throws: UsageError(message), "\(text)") { try Self.satoshis(text) }
        }
    }

    @Test("every refusal exits 64 through the runner, with its sentence on stderr")
    func refusalsExit64() {
        // `--amount=VALUE`, so that `-5` is a value, not an option; an empty value is the runner's own refusal.
        for (text, message) in Self.refusals {
            let result = Self.run(["pay", "--amount=\(text)"])
            let message = text.isEmpty ? "option '--amount' needs a value" : message
            #expect(result.code == .usage && result.code.rawValue == 64, "\(text)")
            #expect(result.stdout == "", "\(text)")
            #expect(
                result.stderr == "error: \(message)\nUsage: hf-amount pay --amount <amount> [--cap <amount>]\nSee 'hf-amount pay --help'.\n",
                "\(text): \(result.stderr)")
        }
    }

    @Test("accepted amounts reach the command as satoshis")
    func acceptedThroughTheRunner() {
        let result = Self.run(["pay", "--amount", "0.0006BSV", "--cap", "0"])
        #expect(result.code == .success)
        #expect(result.stdout == "60000 cap 0\n")
        #expect(Self.run(["pay", "--amount", "60000"]).stdout == "60000\n")
        #expect(Self.run(["pay", "--amount", "0.001 bsv"]).stdout == "100000\n")
        #expect(Self.run(["pay", "--amount", "100,000sat"]).stdout == "100000\n")
        // Without `=`, a negative amount reads as an option: still refused with 64.
        let negative = Self.run(["pay", "--amount", "-5"])
        #expect(negative.code == .usage && negative.stderr.hasPrefix("error: option '--amount' needs a value\n"))
    }
}
