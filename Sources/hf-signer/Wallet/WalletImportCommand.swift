import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer wallet import`: a wallet from an existing phrase file.
struct WalletImportCommand: Command {
    static let name = "import"
    static let abstract = "Import a wallet from a recovery phrase file (mode 0600)."
    static let discussion: String? = """
        Any valid BIP39 length (12, 15, 18, 21, 24 words) with an optional BIP39 passphrase. Importing the same \
        seed and passphrase twice on a network is refused. With --json: {"derivation","network","title","walletId"}.
        """
    static let options = MnemonicSource.options + [
        Option.title,
        Option.derivation,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let title = OptionHelp("--title", value: "text", help: "A name for the wallet (default \"Wallet N\").")
        static let derivation = OptionHelp(
            "--derivation", value: "type42|bip44", help: "Scheme of new addresses (default type42).")
    }

    let source: MnemonicSource
    let title: String?
    let derivation: DerivationScheme

    init(parsing arguments: inout Arguments) throws {
        source = try MnemonicSource(parsing: &arguments)
        title = try arguments.option(Option.title)
        derivation = try DerivationOption.parse(try arguments.option(Option.derivation))
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let (mnemonic, passphrase) = try source.mnemonicAndPassphrase()
        let session = try context.openSession()
        let record = try signerOperation { () throws(SignerError) in
            let vault = try session.prepareWalletAdd(context.secrets)
            return try session.addWallet(
                title: title, mnemonic: mnemonic, passphrase: passphrase, derivation: derivation, vault: vault)
        }
        try WalletOutput.print(record, context: context, verb: "imported")
        return .success
    }
}

/// `--derivation type42|bip44`.
enum DerivationOption {
    static func parse(_ text: String?) throws(UsageError) -> DerivationScheme {
        guard let text else { return .type42 }
        guard let scheme = DerivationScheme(rawValue: text) else {
            throw UsageError("--derivation must be type42 or bip44, not '\(text)'")
        }
        return scheme
    }
}
