import HFCommandLine
import HFPrimitives
import HFQRCommands
import HFSignerCore
import HFWallet

/// `hf-signer wallet import`: a wallet from an existing phrase file, a SeedQR image, a SeedQR seen by the camera, or
/// a phrase typed word by word on the terminal.
struct WalletImportCommand: Command {
    static let name = "import"
    static let abstract = "Import a wallet from a recovery phrase typed or in a file (mode 0600), or a SeedQR."
    static let discussion: String? = """
        Any valid BIP39 length (12, 15, 18, 21, 24 words) with an optional BIP39 passphrase. Importing the same \
        seed and passphrase twice on a network is refused. --seedqr IMAGE reads a Standard or Compact SeedQR \
        (12 or 24 words) from a PNG/PGM/PPM image of mode 0600 (it is the secret); --camera [DEVICE] reads a \
        Standard SeedQR live through 'zbarcam --raw --nodisplay [DEVICE]' (a Compact one holds raw bytes that \
        this line stream cannot carry: give its image to --seedqr). A code that is damaged or not a SeedQR is \
        refused (exit 65) and nothing is stored. On a terminal, with none of these three, the phrase is asked \
        word by word: the number of words, then each word (or its first four letters) without echo, a * per key; \
        a word not in the BIP39 English list is asked again, and a checksum that does not match is refused (exit \
        65) with nothing stored. Without a terminal one of the three is needed (exit 64). A phrase from another BSV \
        wallet keeps that wallet's addresses: --path PREFIX (receive PREFIX/0/N, change PREFIX/1/N) or --preset \
        centbee|electrumsv|twetch|yours (centbee needs its 4-digit PIN in --bip39-passphrase-file); such a wallet \
        is a bip44 wallet on those chains. With --json: {"chains","derivation","network","title","walletId"}.
        """
    static let arguments = [
        ArgumentHelp("device", help: "With --camera: the video device (e.g. /dev/video1); zbarcam's default else.",
                     optional: true)
    ]
    static let options = [
        Option.mnemonicFile,
        MnemonicSource.Option.bip39PassphraseFile,
        Option.seedQR,
        CameraScanner.Option.camera,
        CameraScanner.Option.timeout,
        Option.title,
        Option.derivation,
    ] + PathOption.options
    /// The options, declared once for help and parsing.
    enum Option {
        static let mnemonicFile = OptionHelp(
            "--mnemonic-file", value: "file", help: "File (mode 0600) holding the recovery phrase.")
        static let seedQR = OptionHelp(
            "--seedqr", value: "image", help: "Image (mode 0600) of a Standard or Compact SeedQR.")
        static let title = OptionHelp("--title", value: "text", help: "A name for the wallet (default \"Wallet N\").")
        static let derivation = OptionHelp(
            "--derivation", value: "type42|bip44", help: "Scheme of new addresses (default type42).")
    }

    /// Where the phrase comes from.
    enum PhraseSource {
        case file(String)
        case seedQRImage(String)
        case camera(device: String?, timeout: Int?)
        /// Typed word by word on the terminal.
        case typed
    }

    let source: PhraseSource
    let passphraseFile: String?
    let title: String?
    let derivation: DerivationScheme
    /// `--path` or `--preset`, or nil for our own chains.
    let path: PathOption?

    init(parsing arguments: inout Arguments) throws {
        let mnemonicFile = try arguments.option(Option.mnemonicFile)
        passphraseFile = try arguments.option(MnemonicSource.Option.bip39PassphraseFile)
        let image = try arguments.option(Option.seedQR)
        let camera = try arguments.flag(CameraScanner.Option.camera)
        let timeout = try CameraScanner.Option.parseTimeout(&arguments)
        title = try arguments.option(Option.title)
        let derivationText = try arguments.option(Option.derivation)
        path = try PathOption.parse(&arguments)
        if path != nil {
            guard derivationText == nil || derivationText == DerivationScheme.bip44.rawValue else {
                throw UsageError("--path and --preset are BIP32 paths: they go with --derivation bip44, not type42")
            }
            derivation = .bip44
        } else {
            derivation = try DerivationOption.parse(derivationText)
        }
        try path?.checkPassphrase(given: passphraseFile != nil)
        let device = arguments.optionalPositional("device")
        let given = [mnemonicFile != nil, image != nil, camera].filter({ $0 }).count
        guard given == 1 || (given == 0 && SecretInput.isInteractive) else {
            throw UsageError(
                given == 0
                    ? "no terminal to type the recovery phrase on; give one of --mnemonic-file FILE, --seedqr IMAGE "
                        + "and --camera"
                    : "give exactly one of --mnemonic-file FILE, --seedqr IMAGE and --camera")
        }
        if !camera {
            guard device == nil else { throw UsageError("a device needs --camera") }
            guard timeout == nil else { throw UsageError("--timeout is for --camera") }
        }
        if let device { try CameraScanner.check(device: device) }
        if let mnemonicFile {
            source = .file(mnemonicFile)
        } else if let image {
            source = .seedQRImage(image)
        } else if !camera {
            source = .typed
        } else {
            source = .camera(device: device, timeout: timeout)
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        // A typed phrase is asked for after the store passphrase, so a wrong one is refused before the words are
        // typed; the other sources are read first, as they always were.
        var opened: (SignerSession, SignerVault)?
        if case .typed = source { opened = try openForAdding(context) }
        let (mnemonic, passphrase) = try phraseAndPassphrase(context)
        let (session, vault) = try opened ?? openForAdding(context)
        let record = try signerOperation { () throws(SignerError) in
            try session.addWallet(
                title: title, mnemonic: mnemonic, passphrase: passphrase, derivation: derivation,
                chains: path?.chains ?? .standard, vault: vault)
        }
        try WalletOutput.print(record, context: context, verb: "imported")
        return .success
    }

    private func openForAdding(_ context: CommandContext) throws(CommandError) -> (SignerSession, SignerVault) {
        let session = try context.openSession()
        let vault = try signerOperation { () throws(SignerError) in try session.prepareWalletAdd(context.secrets) }
        return (session, vault)
    }

    private func phraseAndPassphrase(_ context: CommandContext) throws -> (Mnemonic, String) {
        switch source {
        case .file(let path):
            return try MnemonicSource(mnemonicFile: path, passphraseFile: passphraseFile).mnemonicAndPassphrase()
        case .seedQRImage(let path):
            let mnemonic = try SeedQRInput.read(image: path)
            return (mnemonic, try MnemonicSource.passphrase(file: passphraseFile))
        case .camera(let device, let timeout):
            let passphrase = try MnemonicSource.passphrase(file: passphraseFile)
            return (try SeedQRInput.scan(device: device, timeout: timeout, context: context), passphrase)
        case .typed:
            let passphrase = try MnemonicSource.passphrase(file: passphraseFile)
            return (try PhrasePrompt.run(), passphrase)
        }
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
