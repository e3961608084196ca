import HFCommandLine
import HFWallet

/// `hf-signer keys generate-mnemonic [--words 12|24] --out FILE`.
struct GenerateMnemonic: Command {
    static let name = "generate-mnemonic"
    static let abstract = "Write a new BIP39 recovery phrase to a new file (mode 0600)."
    static let discussion: String? = """
        The phrase comes from the system CSPRNG. FILE must not exist; it is created with mode 0600. Nothing \
        secret is printed. Write the words on paper and keep FILE off any online machine.
        """
    static let options = [
        Option.words,
        Option.out,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let words = OptionHelp("--words", value: "12|24", help: "Number of words (default 24).")
        static let out = OptionHelp(
            "--out", value: "file", help: "The new file to write the phrase to.", required: true)
    }

    let length: Mnemonic.GeneratedLength
    let out: String

    init(parsing arguments: inout Arguments) throws {
        let words = try arguments.option(Option.words) ?? "24"
        switch words {
        case "12": length = .twelveWords
        case "24": length = .twentyFourWords
        default: throw UsageError("--words must be 12 or 24, not '\(words)'")
        }
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let mnemonic = Mnemonic.generate(length)
        var phrase = Array((mnemonic.phrase + "\n").utf8)
        defer { SecretInput.zeroize(&phrase) }
        try OutputFile.createNew(out, contents: phrase)
        if context.globals.json {
            try Output.json(Summary(file: out, words: mnemonic.wordCount))
        } else {
            Output.message("wrote a new \(mnemonic.wordCount)-word recovery phrase to \(out) (mode 0600)")
        }
        return .success
    }

    /// The `--json` result: where the phrase went and how many words it has (never the words).
    struct Summary: Encodable {
        let file: String
        let words: Int
    }
}
