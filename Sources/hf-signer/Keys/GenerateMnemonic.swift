import HFCommandLine
import HFSignerCore
import HFWallet

/// `hf-signer keys generate-mnemonic [--words 12|24] [--dice [--dice-file F] [--dice-only]] --out FILE`.
struct GenerateMnemonic: Command {
    static let name = "generate-mnemonic"
    static let abstract = "Write a new BIP39 recovery phrase to a new file (mode 0600)."
    static let discussion: String? = """
        The phrase comes from the kernel's generator (getrandom), after it passed the health tests of `keys selftest` (exit 70 naming the failed test otherwise). With --dice its entropy is SHA-256 of the rolls (1-6, typed on \
        the terminal without echo or read from --dice-file F of mode 0600; whitespace ignored; at least 50 rolls \
        for 12 words, 99 for 24), truncated to 128 or 256 bits and XORed with as many CSPRNG bytes; --dice-only \
        leaves the CSPRNG out, so `echo -n ROLLS | sha256sum` recomputes the entropy. Rolls that are obviously not \
        random (the same roll more than 8 times in a row, or face counts with chi-square above 20.52) are refused \
        (exit 65). FILE must not exist; it is created with mode 0600. Nothing secret is printed. Write the words \
        on paper and keep FILE off any online machine.
        """
    static let options = [
        Option.words,
        Option.out,
    ] + DiceSource.options
    /// The options, declared once for help and parsing.
    enum Option {
        static let words = OptionHelp("--words", value: "12|24", help: "Number of words (default 24).")
        static let out = OptionHelp(
            "--out", value: "file", help: "The new file to write the phrase to.", required: true)
    }

    let length: Mnemonic.GeneratedLength
    let out: String
    let dice: DiceSource?

    init(parsing arguments: inout Arguments) throws {
        let words = try arguments.option(Option.words) ?? "24"
        switch words {
        case "12": length = .twelveWords
        case "24": length = .twentyFourWords
        default: throw UsageError("--words must be 12 or 24, not '\(words)'")
        }
        out = try arguments.requiredOption(Option.out)
        dice = try DiceSource.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let entropy = try DiceSource.entropy(for: dice)
        let mnemonic = try Self.mnemonic(length, dice: dice, entropy: entropy)
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

    /// The phrase of the dice (mixed with `entropy` unless `--dice-only`), or of `entropy` alone.
    static func mnemonic(
        _ length: Mnemonic.GeneratedLength, dice: DiceSource?, entropy: KeyEntropy?
    ) throws(CommandError) -> Mnemonic {
        if let dice { return try dice.mnemonic(length, entropy: entropy) }
        guard let entropy else { throw CommandError(.software, "no tested generator for the new phrase") }
        return try signerOperation { () throws(SignerError) in try entropy.mnemonic(length) }
    }

    /// The `--json` result: where the phrase went and how many words it has (never the words).
    struct Summary: Encodable {
        let file: String
        let words: Int
    }
}
