import HFBundles
import HFCommandLine
import HFSignerCore

/// `hf-signer label list`.
struct LabelListCommand: Command {
    static let name = "list"
    static let abstract = "List the wallet's labels, by type then reference."
    static let discussion: String? = """
        Needs no passphrase. One line per label: TYPE REF LABEL, tab-separated. With --json: an array of \
        {"label","ref","type"}.
        """
    static let options = [WalletOption.help]

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let labels = try signerOperation { () throws(SignerError) in try session.labels(of: selection).labels }
        if context.globals.json {
            try Output.json(labels.map { ["label": $0.label, "ref": $0.ref, "type": $0.kind.rawValue] })
        } else {
            for label in labels { Output.result("\(label.kind.rawValue)\t\(label.ref)\t\(label.label)") }
        }
        return .success
    }
}
