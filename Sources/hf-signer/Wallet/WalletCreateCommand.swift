import HFCommandLine
import HFPrimitives
import HFCrypto
import HFSignerCore
import HFWallet

/// `hf-signer wallet create`: a new wallet from a fresh phrase, shown once (or written to a 0600 file).
struct WalletCreateCommand: Command {
    static let name = "create"
    static let abstract = "Create a wallet with a new recovery phrase."
    static let discussion: String? = """
        On a terminal the phrase is shown once and a 3-word quiz checks it was written down; nothing is stored if \
        the quiz fails. With --mnemonic-out FILE the phrase goes to a new file (mode 0600) and there is no quiz. \
        The seed is stored encrypted in the vault (needs the store passphrase). The first wallet of a network \
        becomes its default. --dice, --dice-file F and --dice-only take the entropy from dice rolls as \
        `keys generate-mnemonic` does (the rolls are asked for after the store passphrase). The system generator's \
        health tests (`keys selftest`) run first; a failure refuses with exit 70 naming the test, and nothing is \
        asked or written. With --json: \
        {"chains","derivation","network","title","walletId"} ("chains": {"change","receive"}, the BIP32 chain paths).
        """
    static let options = [
        Option.title,
        Option.words,
        Option.derivation,
        Option.mnemonicOut,
    ] + DiceSource.options
    /// The options, declared once for help and parsing.
    enum Option {
        static let title = OptionHelp("--title", value: "text", help: "A name for the wallet (default \"Wallet N\").")
        static let words = OptionHelp("--words", value: "12|24", help: "Length of the new phrase (default 12).")
        static let derivation = OptionHelp(
            "--derivation", value: "type42|bip44", help: "Scheme of new addresses (default type42).")
        static let mnemonicOut = OptionHelp(
            "--mnemonic-out", value: "file", help: "Write the phrase to this new file (0600) instead of showing it.")
    }

    let title: String?
    let length: Mnemonic.GeneratedLength
    let derivation: DerivationScheme
    let mnemonicOut: String?
    let dice: DiceSource?

    init(parsing arguments: inout Arguments) throws {
        title = try arguments.option(Option.title)
        let words = try arguments.option(Option.words) ?? "12"
        switch words {
        case "12": length = .twelveWords
        case "24": length = .twentyFourWords
        default: throw UsageError("--words must be 12 or 24, not '\(words)'")
        }
        derivation = try DerivationOption.parse(try arguments.option(Option.derivation))
        mnemonicOut = try arguments.option(Option.mnemonicOut)
        dice = try DiceSource.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        guard mnemonicOut != nil || SecretInput.isInteractive else {
            throw UsageError("no terminal to show the new phrase on; give --mnemonic-out FILE")
        }
        let session = try context.openSession()
        // The generator's health tests run before anything is asked or changed (exit 70 names the failed test).
        let entropy =
            dice?.diceOnly == true ? nil : try signerOperation { () throws(SignerError) in try session.keyEntropy() }
        let vault = try signerOperation { () throws(SignerError) in try session.prepareWalletAdd(context.secrets) }
        let mnemonic = try GenerateMnemonic.mnemonic(length, dice: dice, entropy: entropy)
        if let mnemonicOut {
            var phrase = Array((mnemonic.phrase + "\n").utf8)
            defer { SecretInput.zeroize(&phrase) }
            try OutputFile.createNew(mnemonicOut, contents: phrase)
        } else {
            try RecoveryQuiz.run(mnemonic)
        }
        let record = try signerOperation { () throws(SignerError) in
            try session.addWallet(title: title, mnemonic: mnemonic, passphrase: "", derivation: derivation, vault: vault)
        }
        try WalletOutput.print(record, context: context, verb: "created")
        return .success
    }
}
