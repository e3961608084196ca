import HFCommandLine
import HFCrypto
import HFQR
import HFSignerCore
import HFWallet
/// `hf-signer wallet show-seed --seedqr|--compact-seedqr [--wallet ID] [--out FILE]`: the wallet's recovery phrase
/// as a SeedQR, on the terminal or in a new 0600 PNG.
struct WalletShowSeedCommand: Command {
    static let name = "show-seed"
    static let abstract = "Show the wallet's recovery phrase as a SeedQR (on the terminal, or a 0600 PNG with --out)."
    static let discussion: String? = """
        A SeedQR as SeedSigner defines it: --seedqr draws the Standard kind (each word's index as 4 digits, \
        numeric mode: 25x25 for 12 words, 29x29 for 24), --compact-seedqr the Compact kind (the 16 or 32 bytes of \
        BIP39 entropy, byte mode: 21x21 or 25x25), both at ECC L. Only 12- and 24-word phrases have a SeedQR. After \
        the store passphrase it asks for a confirmation that says a secret is about to be shown, draws the code on \
        the terminal (stdout must be a terminal), waits for Enter and clears the screen. With --out FILE the code \
        is written to a new PNG of mode 0600 instead and nothing is drawn, after a confirmation on a terminal or with --yes \
        (without a terminal and without --yes: exit 64, nothing written). The phrase never goes to a log. A BIP39 \
        passphrase is not in a SeedQR: a warning says so when the wallet has one. In a home with a spending policy the \
        policy passphrase is needed too (--policy-passphrase-file or the terminal): a seed shown signs anywhere. With --out and --json: \
        {"file","kind","version","walletId","words"}.
        """
    static let options = [
        Option.seedQR,
        Option.compactSeedQR,
        WalletOption.help,
        Option.out,
        Option.yes,
        PolicyPassphraseInput.option,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let seedQR = OptionHelp(flag: "--seedqr", help: "A Standard SeedQR (digits; what most wallets scan).")
        static let compactSeedQR = OptionHelp(
            flag: "--compact-seedqr", help: "A Compact SeedQR (raw entropy bytes; a smaller code).")
        static let out = OptionHelp(
            "--out", value: "file", help: "Write the code to this new PNG (mode 0600) instead of the terminal.")
        static let yes = OptionHelp(flag: "--yes", help: "Write --out without asking (needed without a terminal).")
    }

    let kind: SeedQR.Kind
    let selection: WalletSelection
    let out: String?
    let yes: Bool
    let policyPassphrase: PolicyPassphraseInput

    init(parsing arguments: inout Arguments) throws {
        let standard = try arguments.flag(Option.seedQR)
        let compact = try arguments.flag(Option.compactSeedQR)
        guard standard != compact else { throw UsageError("give exactly one of --seedqr and --compact-seedqr") }
        kind = standard ? .standard : .compact
        selection = try WalletOption.parse(&arguments)
        out = try arguments.option(Option.out)
        yes = try arguments.flag(Option.yes)
        policyPassphrase = try PolicyPassphraseInput(parsing: &arguments)
        guard !yes || out != nil else { throw UsageError("--yes is only for --out; on the terminal the code is always confirmed") }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if out == nil {
            guard !context.globals.json else {
                throw UsageError("--json cannot carry a secret; give --out FILE for a 0600 PNG")
            }
            guard Output.isStandardOutputTerminal, SecretInput.isInteractive else {
                throw UsageError("a SeedQR is drawn only on a terminal; give --out FILE for a 0600 PNG")
            }
        } else if !yes, !SecretInput.isInteractive {
            throw UsageError("no terminal to ask on: give --yes to write the wallet's secret to --out; nothing was written")
        }
        let session = try context.openSession()
        let seed = try signerOperation { () throws(SignerError) in
            try session.revealSeed(selection, secrets: context.secrets, policySecrets: policyPassphrase)
        }
        let symbol = try Self.symbol(seed.mnemonic, kind: kind)
        let wallet = String(seed.wallet.walletID.prefix(16))
        if seed.hasBIP39Passphrase {
            Output.message("warning: wallet \(wallet) also has a BIP39 passphrase, which a SeedQR does not hold; "
                + "restoring from the SeedQR alone gives another wallet")
        }
        let what = "\(kind == .standard ? "Standard" : "Compact") SeedQR of the \(seed.mnemonic.wordCount)-word "
            + "phrase of wallet \(wallet) (\(symbol.size)x\(symbol.size))"
        if let out {
            if !yes {
                guard SecretInput.confirm(
                    "\(out) will hold the \(what): it is the wallet's secret, and anyone who reads the file can take "
                        + "the funds. Write it now?")
                else { throw CommandError.failure("cancelled; nothing was written") }
            }
            try OutputFile.createNew(out, contents: try Self.png(symbol))
            if context.globals.json {
                try Output.json(Summary(
                    file: out, kind: kind.rawValue, version: symbol.version, walletId: seed.wallet.walletID,
                    words: seed.mnemonic.wordCount))
            } else {
                Output.message("wrote the \(what) to \(out) (mode 0600); it is the wallet's secret")
            }
            return .success
        }
        guard SecretInput.confirm(
            "The next screen shows the \(what): it is the wallet's secret, and anyone who sees or photographs it "
                + "can take the funds. Show it now?")
        else {
            throw CommandError.failure("cancelled; nothing was shown")
        }
        defer { Output.sinks.standardOutput.write("\u{1B}[H\u{1B}[2J\u{1B}[3J") }
        Output.sinks.standardOutput.write(TerminalRenderer().render(symbol))
        var enter = try SecretInput.prompt("\(what). Press Enter when done; the screen is then cleared. ")
        SecretInput.zeroize(&enter)
        return .success
    }

    /// The symbol of the phrase as `kind`, at the version the SeedQR specification fixes, ECC L.
    /// - Throws: `CommandError` 65 for a phrase that is not 12 or 24 words.
    static func symbol(_ mnemonic: Mnemonic, kind: SeedQR.Kind) throws(CommandError) -> QRSymbol {
        var payload: [UInt8]
        do { payload = try SeedQR.payload(mnemonic, kind: kind) } catch {
            throw .dataError("\(error); this wallet's phrase cannot be shown as a SeedQR")
        }
        defer { Zeroization.zeroize(&payload) }
        let version = kind.symbolVersion(wordCount: mnemonic.wordCount)
        do {
            switch kind {
            case .standard: return try QRSymbol(numeric: payload, errorCorrection: .low, version: version)
            case .compact: return try QRSymbol(bytes: payload, errorCorrection: .low, version: version)
            }
        } catch {
            throw .failure("cannot draw the SeedQR: \(error)")
        }
    }

    /// The PNG of `symbol` at the default module size.
    private static func png(_ symbol: QRSymbol) throws(CommandError) -> [UInt8] {
        do { return try QRImage.png(for: symbol) } catch { throw .failure("cannot draw the SeedQR: \(error)") }
    }

    /// The `--json` result with `--out`: where the code went, never the phrase.
    struct Summary: Encodable {
        let file: String
        let kind: String
        let version: Int
        let walletId: String
        let words: Int
    }
}
