import HFCommandLine
import HFCrypto
import HFSignerCore

/// `hf-signer bundle inspect FILE [--password-file P]`.
struct BundleInspectCommand: Command {
    static let name = "inspect"
    static let abstract = "Decode and validate any bundle and print its kind, network and a summary."
    static let discussion: String? = """
        Works on .hfheaders, .hfreceipt, .hfaddrpack, .hftx and .bep (the backup needs --password-file, mode \
        0600). Needs no home and changes nothing. With --json: {"kind","network","summary":{…}}.
        """
    static let arguments = [ArgumentHelp("file", help: "The bundle file.")]
    static let options = [Option.passwordFile]
    /// The options, declared once for help and parsing.
    enum Option {
        static let passwordFile = OptionHelp(
            "--password-file", value: "file", help: "File (mode 0600) with the .bep password.")
    }

    let file: String
    let passwordFile: String?

    init(parsing arguments: inout Arguments) throws {
        passwordFile = try arguments.option(Option.passwordFile)
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var password: SecureBytes?
        if let passwordFile {
            var bytes = try SecretInput.readFile(passwordFile)
            password = SecureBytes(consuming: &bytes)
        }
        let summary = try signerOperation { () throws(SignerError) in
            try BundleSummary.inspect(try BundleFile.read(file), password: password)
        }
        if context.globals.json {
            try Output.json(summary)
        } else {
            Output.result("\(summary.kind)" + (summary.network.map { " (\($0))" } ?? ""))
            for key in summary.summary.keys.sorted() {
                switch summary.summary[key] {
                case .text(let text): Output.result("  \(key): \(UntrustedText.escaped(text))")
                case .number(let number): Output.result("  \(key): \(number)")
                case .numbers(let numbers): Output.result("  \(key): \(numbers.map(String.init).joined(separator: ","))")
                case nil: break
                }
            }
        }
        return .success
    }
}
