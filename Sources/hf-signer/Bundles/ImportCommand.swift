import HFCommandLine
import HFSignerCore
import HFSPV

/// `hf-signer import FILE…`: imports bundles, routed by content (never by extension).
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import bundles from the watcher: .hfheaders, .hfreceipt, BEEF and .hfwallet files."
    static let discussion: String? = """
        Each FILE is decoded strictly and validated; a rejected file leaves the store exactly as it was and prints \
        one error line naming the failed check and its height. Files are imported in the order given (put headers \
        before the receipts that need them); the exit status is 65 if any was rejected. A receipt is verified \
        against the local chain, then accepted only if it pays, spends from, or is a pending transaction of the \
        wallet (--wallet, else the default); importing it twice changes nothing. With --json each accepted file \
        prints one line: {"accepted":true,"kind":"hfheaders","validatedTipHeight":N} or \
        {"accepted":true,"kind":"hfreceipt","received":SATS,"txid":"..."}. A BEEF (V1, V2 or Atomic; binary or \
        hex text) is accepted only if every BUMP root is the merkle root of the local header at its height; then \
        its subject (Atomic) or every tip (plain BEEF) must be mined and is imported as a receipt, all or none: \
        {"accepted":true,"kind":"beef"|"atomic-beef","received":SATS,"txid":"<last subject>"}.
        """
    static let arguments = [ArgumentHelp("file", help: "Bundle files to import.", repeating: true)]
    static let options = [WalletOption.help]

    let files: [String]
    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    /// An import of bundles that are already in memory (`scan`): no files, `importBytes` only.
    init(selection: WalletSelection) {
        self.selection = selection
        files = []
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        var failed: CommandError?
        for file in files {
            do throws(CommandError) {
                let bytes = try signerOperation { () throws(SignerError) in try BundleFile.read(file) }
                let result = try importBytes(bytes, session: session, context: context)
                try Self.report(result, source: file, context: context)
            } catch {
                let rejection = CommandError(error.exitCode, "\(file): \(error.message)", code: error.code)
                if failed != nil { Output.message("error: \(rejection.message)") } else { failed = rejection }
            }
        }
        if let failed { throw failed }
        return .success
    }

    /// Imports one bundle's bytes through the session and describes what it did.
    func importBytes(_ bytes: [UInt8], session: SignerSession, context: CommandContext) throws(CommandError) -> Result {
        let outcome = try signerOperation { () throws(SignerError) in
            try session.importBundle(bytes, wallet: selection, secrets: context.secrets)
        }
        return Result(outcome)
    }

    /// Prints what one accepted bundle did: a `--json` line, or `SOURCE: summary`.
    static func report(_ result: Result, source: String, context: CommandContext) throws(CommandError) {
        if context.globals.json { try Output.json(result) } else { Output.result("\(source): \(result.summary)") }
    }

    /// One `--json` line per accepted file: `{"accepted","kind","validatedTipHeight"}` for headers,
    /// `{"accepted","kind","received","txid"}` for receipts.
    struct Result: Encodable {
        let kind: String
        let accepted: Bool
        let validatedTipHeight: Int?
        let txid: String?
        let received: UInt64?
        let summary: String

        enum CodingKeys: String, CodingKey { case kind, accepted, validatedTipHeight, txid, received }

        init(
            kind: String, validatedTipHeight: Int? = nil, txid: String? = nil, received: UInt64? = nil, summary: String
        ) {
            self.kind = kind
            accepted = true
            self.validatedTipHeight = validatedTipHeight
            self.txid = txid
            self.received = received
            self.summary = summary
        }

        init(_ outcome: ImportOutcome) {
            switch outcome {
            case .headers(let commit):
                self.init(
                    kind: "hfheaders", validatedTipHeight: commit.validatedTipHeight,
                    summary: "\(commit.added) headers added, \(commit.replaced) replaced; validated tip "
                        + "\(commit.validatedTipHeight)")
            case .receipt(let outcome):
                self.init(
                    kind: "hfreceipt", txid: outcome.txid, received: outcome.received,
                    summary: "receipt \(outcome.txid): \(outcome.received) satoshis received"
                        + (outcome.toSweep > 0 ? ", \(outcome.toSweep) to sweep addresses (see `sweep status`)" : "")
                        + (outcome.changed ? "" : " (already imported)"))
            case .beef(let outcome):
                let received = outcome.receipts.reduce(0) { $0 + $1.received }
                let kind = outcome.isAtomic ? "atomic-beef" : "beef"
                let subjects = outcome.receipts.map { "\($0.txid)" + ($0.changed ? "" : " (already imported)") }
                self.init(
                    kind: kind, txid: outcome.receipts.last?.txid, received: received,
                    summary: "\(kind) (\(outcome.bumpsVerified) BUMP roots in the local chain): \(received) satoshis "
                        + "received; " + subjects.joined(separator: ", "))
            case .walletFile(let outcome):
                self.init(
                    kind: "hfwallet",
                    summary: "wallet file of \(outcome.walletId.prefix(16)): \(outcome.added) new of "
                        + "\(outcome.receipts) receipts")
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(accepted, forKey: .accepted)
            try container.encodeIfPresent(validatedTipHeight, forKey: .validatedTipHeight)
            try container.encodeIfPresent(txid, forKey: .txid)
            try container.encodeIfPresent(received, forKey: .received)
        }
    }
}
