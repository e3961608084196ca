import HFCommandLine
import HFSignerCore

/// `hf-signer label export --out F.jsonl`.
struct LabelExportCommand: Command {
    static let name = "export"
    static let abstract = "Write the wallet's labels as a BIP-329 JSON Lines file."
    static let discussion: String? = """
        One line per label, {"label":"…","ref":"…","type":"addr"|"tx"|"output"}, by type then reference. The file \
        is created new with mode 0600 (labels are private); an existing file is never overwritten (exit 73). \
        Needs no passphrase. With --json: {"file","labels"}.
        """
    static let options = [WalletOption.help, Option.out]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .jsonl file.", required: true)
    }

    let selection: WalletSelection
    let out: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let count = try signerOperation { () throws(SignerError) in
            try session.exportLabels(wallet: selection, out: out)
        }
        if context.globals.json {
            try Output.json(Report(file: out, labels: count))
        } else {
            Output.result("wrote \(count) label\(count == 1 ? "" : "s") to \(out)")
        }
        return .success
    }

    /// The `--json` result.
    struct Report: Encodable {
        let file: String
        let labels: Int
    }
}
