import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSignerCore

/// `hf-signer bundle inspect FILE [--password-file P]`.
struct BundleInspectCommand: Command {
    static let name = "inspect"
    static let abstract = "Decode and validate any bundle and print its kind, network and a summary."
    static let discussion: String? = """
        Works on .hfheaders, .hfreceipt, .hfaddrpack, .hftx and .bep (the backup needs --password-file, mode \
        0600). Changes nothing. A .hftx is also reviewed as `send` shows a payment before signing: every output \
        with its owner re-derived from the keys of the wallet (--wallet, else the default one of the .hftx's \
        network; the store passphrase is needed; an output paying another wallet of the home shows owner "wallet" with \
        its ID, as `wallet move` shows it), the inputs, fee, size, nLockTime, sighash type and warnings; \
        without a signer home it is only summarised. Every input's signature is verified against the previous \
        output the .hftx names (P2PKH fully, other scripts shown as not verified; summary "signatures": "N of M \
        verified"); a failing signature or an input spending another outpoint than named exits 65 after the \
        summary. With a home it also says whether the file is exactly one of the home's pending \
        transactions (its signer state aside). Other bundles need no home. With --json: {"kind","network","summary":{…}} and, for a \
        reviewed .hftx, "review":{…} as in `send --json` and "pending": "identical", "differs" or "none"; a \
        failing signature adds "refused": the reason (exit 65).
        """
    static let arguments = [ArgumentHelp("file", help: "The bundle file.")]
    static let options = [Option.passwordFile, WalletOption.help]
    /// The options, declared once for help and parsing.
    enum Option {
        static let passwordFile = OptionHelp(
            "--password-file", value: "file", help: "File (mode 0600) with the .bep password.")
    }

    let file: String
    let passwordFile: String?
    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        passwordFile = try arguments.option(Option.passwordFile)
        selection = try WalletOption.parse(&arguments)
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var password: SecureBytes?
        if let passwordFile {
            var bytes = try SecretInput.readFile(passwordFile)
            password = SecureBytes(consuming: &bytes)
        }
        let bytes = try signerOperation { () throws(SignerError) in try BundleFile.read(file) }
        let summary = try signerOperation { () throws(SignerError) in
            try BundleSummary.inspect(bytes, password: password)
        }
        let reviewed = summary.kind == "hftx" ? try reviewTransaction(bytes, network: summary.network, context: context) : nil
        let review = reviewed?.review
        if context.globals.json {
            try Output.json(Inspected(summary: summary, review: review, pending: reviewed?.pending, refused: summary.failure))
            // The refusal is in the one JSON document; the exit status says it.
            if summary.failure != nil { return .dataError }
        } else {
            Output.result("\(summary.kind)" + (summary.network.map { " (\($0))" } ?? ""))
            for key in summary.summary.keys.sorted(by: { Self.label($0) < Self.label($1) }) {
                let label = Self.label(key)
                switch summary.summary[key] {
                case .text(let text): Output.result("  \(label): \(UntrustedText.escaped(text))")
                case .number(let number): Output.result("  \(label): \(number)")
                case .numbers(let numbers): Output.result("  \(label): \(numbers.map(String.init).joined(separator: ","))")
                case nil: break
                }
            }
            if let review { for line in ReviewDisplay.lines(review) { Output.result(line) } }
            if let pending = reviewed?.pending { Output.result("  " + Self.describe(pending)) }
        }
        if let failure = summary.failure { throw CommandError(.dataError, "do not broadcast this .hftx: \(failure)") }
        return .success
    }

    /// Words for a summary field's `--json` key: a few named outright (`rawTxBytes` is "size in bytes"), the
    /// others' camel case spelled as words (`beefVersion` is "beef version").
    static func label(_ key: String) -> String {
        let named = [
            "walletId": "wallet", "identityKey": "identity key", "rawTxBytes": "size in bytes", "callId": "call",
            "startHeight": "first header", "endHeight": "last header", "tipHeight": "tip height",
            "checkpointHeight": "checkpoint height", "ciphertextBytes": "encrypted bytes", "entries": "addresses",
            "presetsWithHistory": "presets with history", "txid": "txid",
        ]
        if let label = named[key] { return label }
        var words = ""
        for character in key {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words
    }

    /// Whether the file is one of the home's pending transactions, in words.
    static func describe(_ pending: PendingMatch) -> String {
        switch pending {
        case .identical: "pending: exactly one of this home's pending transactions (its signer state aside)"
        case .differs: "pending: NOT the file this home signed: its txid is pending here, but other bytes differ"
        case .none: "pending: not one of this home's pending transactions"
        }
    }

    /// The review of a `.hftx` by the wallet of its network, re-deriving every owner; nil (with a message) when
    /// there is no signer home to derive from.
    private func reviewTransaction(
        _ bytes: [UInt8], network name: String?, context: CommandContext
    ) throws -> (review: PaymentReview, pending: PendingMatch)? {
        guard let name, let network = Network(rawValue: name) else { return nil }
        let session: SignerSession
        do {
            session = try SignerSession.open(explicit: context.globals.home, network: network)
        } catch .notInitialized(let path) {
            Output.message("no signer home at \(path): the outputs' owners cannot be re-derived; not reviewed")
            return nil
        } catch {
            throw error.commandError
        }
        OpenSession.current = session
        return try signerOperation { () throws(SignerError) in
            let wallet = try session.openWallet(selection, secrets: context.secrets)
            let others = try session.otherWallets(than: wallet)
            return (
                try wallet.review(hftx: bytes, limits: .standard, others: others), try wallet.pendingMatch(hftx: bytes)
            )
        }
    }

    /// `{"kind","network","summary":{…},"review":{…}?,"pending"?}`.
    struct Inspected: Encodable {
        let summary: BundleSummary
        let review: PaymentReview?
        let pending: PendingMatch?
        /// Why the file must not be broadcast (a signature failed), or absent.
        let refused: String?

        private enum CodingKeys: String, CodingKey { case kind, network, summary, review, pending, refused }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(summary.kind, forKey: .kind)
            try container.encodeIfPresent(summary.network, forKey: .network)
            try container.encode(summary.summary, forKey: .summary)
            try container.encodeIfPresent(review, forKey: .review)
            try container.encodeIfPresent(pending, forKey: .pending)
            try container.encodeIfPresent(refused, forKey: .refused)
        }
    }
}
