import HFBundles
import HFCommandLine
import HFPrimitives
import HFSPV
import HFSignerCore

/// `hf-signer receipt verify FILE`: the SPV verdict of a receipt (no ownership check); exit 0 only for `verified`.
struct ReceiptVerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Verify a receipt against the local validated header chain."
    static let discussion: String? = """
        Checks, in order: the raw transaction hashes to the txid, the header to the block hash, the merkle proof \
        to the header's merkle root (refusing duplicated subtrees), and the local validated header at that height \
        equals the receipt's. Nothing is fetched or assumed. Verdicts: verified, blockHeaderNotFound, \
        proofInvalid, txidMismatch, headerMismatch. Exit 0 only for verified, 65 otherwise. With --json: \
        {"blockHeight","txid","verdict"}.
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfreceipt file.")]

    let file: String

    init(parsing arguments: inout Arguments) throws {
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let (receipt, verdict) = try signerOperation { () throws(SignerError) in
            try session.verifyReceipt(try BundleFile.read(file))
        }
        let result = Result(txid: receipt.txid.displayHex, blockHeight: Int(receipt.blockHeight), verdict: verdict.rawValue)
        let failure = verdict == .verified ? nil : CommandError(.dataError, verdict.explanation, code: verdict.rawValue)
        if context.globals.json {
            if let failure { throw try Output.jsonFailure(result, failure) }
            try Output.json(result)
        } else {
            Output.result("\(receipt.txid.displayHex) at \(receipt.blockHeight): \(verdict.rawValue)")
        }
        if let failure { throw failure }
        return .success
    }

    /// The `--json` result.
    struct Result: Encodable {
        let txid: String
        let blockHeight: Int
        let verdict: String
    }
}
