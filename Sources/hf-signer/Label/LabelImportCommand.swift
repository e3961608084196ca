import HFCommandLine
import HFSignerCore

/// `hf-signer label import F.jsonl`.
struct LabelImportCommand: Command {
    static let name = "import"
    static let abstract = "Apply the labels of a BIP-329 JSON Lines file; report what was skipped and why."
    static let discussion: String? = """
        Every line whose reference the wallet knows is applied, in one store transaction (a later line for the \
        same reference wins; a label the wallet had is replaced). The other lines are skipped and reported by \
        line number: bad line (not a JSON object, no string type or ref, a malformed reference, a label over 255 \
        bytes or holding a control character), unsupported type (pubkey, input, xpub), unknown reference (not an \
        address the wallet derived, not a transaction it holds, no such output), no label, too many labels (over \
        100000 per wallet). Other members (origin, spendable, …) are ignored and blank lines skipped. Skipped lines \
        do not fail the command: it exits 0 once the file was read. The store passphrase is asked for when a line \
        labels an address and the vault is encrypted. With --json: \
        {"applied":N,"skipped":M,"skips":[{"detail","line","reason"}]}, reason one of badLine, unsupportedType, \
        unknownReference, noLabel, tooManyLabels.
        """
    static let arguments = [ArgumentHelp("file", help: "A BIP-329 .jsonl file (at most 64 MiB).")]
    static let options = [WalletOption.help]

    let selection: WalletSelection
    let file: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let report = try signerOperation { () throws(SignerError) in
            try session.importLabels(path: file, wallet: selection, secrets: context.secrets)
        }
        if context.globals.json {
            try Output.json(report)
            return .success
        }
        for skip in report.skips { Output.message("line \(skip.line): \(skip.reason.phrase): \(skip.detail)") }
        var summary = "applied \(report.applied) label\(report.applied == 1 ? "" : "s"), skipped \(report.skipped)"
        if !report.skips.isEmpty {
            summary += " (" + report.skippedByReason.map { "\($1) \($0.phrase)" }.joined(separator: ", ") + ")"
        }
        Output.result(summary)
        return .success
    }
}
