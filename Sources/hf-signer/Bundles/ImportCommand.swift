import HFBundles
import HFCommandLine
import HFSignerCore
import HFPrimitives
import HFSPV
import HFStore

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
        let home = try context.openHome()
        let chain = try context.openChain()
        var wallet: OpenWallet?
        var failed: CommandError?
        for file in files {
            do throws(CommandError) {
                let bytes = try signerOperation { () throws(SignerError) in try BundleFile.read(file) }
                let result = try importBytes(bytes, context: context, home: home, chain: chain, wallet: &wallet)
                try Self.report(result, source: file, context: context)
            } catch {
                let rejection = CommandError(error.exitCode, "\(file): \(error.message)")
                if failed != nil { Output.message("error: \(rejection.message)") } else { failed = rejection }
            }
        }
        if let failed { throw failed }
        return .success
    }

    /// Imports one bundle's bytes, routed by content: every check and effect of importing it from a file.
    /// - Parameter wallet: the wallet, opened on first need and kept for the next bundles.
    func importBytes(
        _ bytes: [UInt8], context: CommandContext, home: SignerHome, chain: HeaderChain, wallet: inout OpenWallet?
    ) throws(CommandError) -> Result {
        switch try signerOperation({ () throws(SignerError) in try Self.kind(of: bytes) }) {
        case .headers:
            return try importHeaders(bytes, home: home, chain: chain)
        case .receipt:
            if wallet == nil { wallet = try context.openWallet(selection) }
            guard let wallet else { throw CommandError(.failure, "the wallet did not open") }
            return try importReceipt(bytes, wallet: wallet, chain: chain)
        case .beef:
            if wallet == nil { wallet = try context.openWallet(selection) }
            guard let wallet else { throw CommandError(.failure, "the wallet did not open") }
            return try importBeef(bytes, wallet: wallet, chain: chain)
        case .walletFile:
            return try importWalletFile(bytes, context: context, home: home, chain: chain)
        case let kind:
            throw CommandError(.dataError, "the signer does not import \(kind.formatName ?? "bep") files")
        }
    }

    /// Prints what one accepted bundle did: a `--json` line, or `SOURCE: summary`.
    static func report(_ result: Result, source: String, context: CommandContext) throws(CommandError) {
        if context.globals.json { try Output.json(result) } else { Output.result("\(source): \(result.summary)") }
    }

    private static func kind(of bytes: [UInt8]) throws(SignerError) -> BundleKind {
        do { return try BundleKind.detect(bytes) } catch { throw .rejected(reason: "\(error)") }
    }

    private func importHeaders(_ bytes: [UInt8], home: SignerHome, chain: HeaderChain) throws(CommandError) -> Result {
        let commit = try signerOperation { () throws(SignerError) in
            try HeaderImporter.importHeaders(bytes, home: home, chain: chain)
        }
        return Result(
            kind: "hfheaders", accepted: true, validatedTipHeight: commit.validatedTipHeight, txid: nil, received: nil,
            summary: "\(commit.added) headers added, \(commit.replaced) replaced; validated tip \(commit.validatedTipHeight)")
    }

    private func importReceipt(_ bytes: [UInt8], wallet: OpenWallet, chain: HeaderChain) throws(CommandError) -> Result {
        let outcome = try signerOperation { () throws(SignerError) in
            let receipt: ReceiptBundle
            do { receipt = try ReceiptBundle(decoding: bytes, expectedNetwork: chain.network) } catch {
                throw .rejected(reason: "\(error)")
            }
            return try ReceiptImporter(home: wallet.home, book: wallet.book, chain: chain).importReceipt(receipt)
        }
        return Result(
            kind: "hfreceipt", accepted: true, validatedTipHeight: nil, txid: outcome.txid, received: outcome.received,
            summary: "receipt \(outcome.txid): \(outcome.received) satoshis received"
                + (outcome.toSweep > 0 ? ", \(outcome.toSweep) to sweep addresses (see `sweep status`)" : "")
                + (outcome.changed ? "" : " (already imported)"))
    }

    private func importBeef(_ bytes: [UInt8], wallet: OpenWallet, chain: HeaderChain) throws(CommandError) -> Result {
        let outcome = try signerOperation { () throws(SignerError) in
            try BeefImporter(home: wallet.home, book: wallet.book, chain: chain).importBeef(bytes)
        }
        let received = outcome.receipts.reduce(0) { $0 + $1.received }
        let kind = outcome.isAtomic ? "atomic-beef" : "beef"
        let subjects = outcome.receipts.map { "\($0.txid)" + ($0.changed ? "" : " (already imported)") }
        return Result(
            kind: kind, accepted: true, validatedTipHeight: nil, txid: outcome.receipts.last?.txid, received: received,
            summary: "\(kind) (\(outcome.bumpsVerified) BUMP roots in the local chain): \(received) satoshis received; "
                + subjects.joined(separator: ", "))
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
