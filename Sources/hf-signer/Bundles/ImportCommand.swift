import HFBundles
import HFCommandLine
import HFSignerCore
import HFSPV

/// `hf-signer import FILE…`: imports bundles, routed by content (never by extension).
struct ImportCommand: Command {
    static let name = "import"
    static let abstract = "Import bundles from the watcher (.hfheaders now; receipts arrive with wallets)."
    static let discussion: String? = """
        Each FILE is decoded strictly and validated; a rejected file leaves the store exactly as it was and prints \
        one error line naming the failed check and its height. Files are imported in the order given; the exit \
        status is 65 if any was rejected. With --json each accepted file prints one line \
        {"accepted":true,"kind":"hfheaders","validatedTipHeight":N}.
        """
    static let arguments = [ArgumentHelp("file", help: "Bundle files to import.", repeating: true)]

    let files: [String]

    init(parsing arguments: inout Arguments) throws {
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openHome()
        let network = context.globals.network.network
        let chain = try signerOperation { () throws(SignerError) in try home.headerChain(network: network) }
        var failed: CommandError?
        for file in files {
            do {
                let commit = try signerOperation { () throws(SignerError) in try importOne(file, into: chain) }
                if context.globals.json {
                    try Output.json(Result(kind: "hfheaders", accepted: true, validatedTipHeight: commit.validatedTipHeight))
                } else {
                    Output.result("\(file): \(commit.added) headers added, \(commit.replaced) replaced; "
                        + "validated tip \(commit.validatedTipHeight)")
                }
            } catch {
                let rejection = CommandError(error.exitCode, "\(file): \(error.message)")
                if failed != nil { Output.message("error: \(rejection.message)") } else { failed = rejection }
            }
        }
        if let failed { throw failed }
        return .success
    }

    private func importOne(_ file: String, into chain: HeaderChain) throws(SignerError) -> HeaderCommit {
        let bytes = try BundleFile.read(file)
        do {
            switch try BundleKind.detect(bytes) {
            case .headers:
                let bundle = try HeadersBundle(decoding: bytes, expectedNetwork: chain.network)
                return try HeaderImporter.importHeaders(bundle, into: chain)
            case .receipt:
                throw SignerError.rejected(
                    reason: "receipts are imported into a wallet, which this signer does not have yet; "
                        + "check one with `hf-signer receipt verify`")
            case let kind:
                throw SignerError.rejected(reason: "the signer does not import \(kind.formatName ?? "bep") files")
            }
        } catch let error as SignerError {
            throw error
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// One `--json` line per accepted file.
    struct Result: Encodable {
        let kind: String
        let accepted: Bool
        let validatedTipHeight: Int
    }
}
