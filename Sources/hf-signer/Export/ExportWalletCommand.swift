import HFCommandLine
import HFSignerCore

/// `hf-signer export wallet`: the wallet's non-secret state, encrypted under a vault-held key.
struct ExportWalletCommand: Command {
    static let name = "wallet"
    static let abstract = "Write the wallet's non-secret state as an encrypted .hfwallet file."
    static let discussion: String? = """
        The file holds the wallet's title, derivation type, address indexes, receipts, labels and stored gap \
        limit (no phrase, no key), sealed with AES-256-GCM under a random 32-byte key kept in this home's vault as \
        walletfile-<walletId> (created on first use). `hf-signer import FILE` on a home whose vault holds that key \
        merges it back (it adds receipts and the labels of references the home has not labelled, raises indexes \
        and the gap limit, never removes or lowers anything); any other key, or a changed byte, is refused and \
        changes nothing. The file is written with mode 0600. With \
        --json: {"file","walletId"}.
        """
    static let options = [
        WalletOption.help, Option.out,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .hfwallet file.", required: true)
    }

    let selection: WalletSelection
    let out: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        try signerOperation { () throws(SignerError) in try wallet.exportWalletFile(out: out) }
        if context.globals.json {
            try Output.json(["file": out, "walletId": wallet.info.walletID])
        } else {
            Output.result("wrote the encrypted wallet file \(out)")
        }
        return .success
    }
}
