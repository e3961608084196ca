import Foundation
import HFBundles
import HFCommandLine
import HFSignerCore

/// `hf-signer call review FILE.hfcall`: what the call asks, in words; nothing is signed or written.
struct CallReviewCommand: Command {
    static let name = "review"
    static let abstract = "Show who asks what in a .hfcall; nothing is signed or written."
    static let discussion: String? = """
        Decodes the call strictly, checks it is for the wallet (--wallet, else the default: its identity key), and \
        prints the originator and what the call will do, in words, and whether the signer refuses it whatever you \
        answer (a bad argument, a method it does not offer). A createAction is prepared as `send` prepares a \
        payment and its full review follows (every output and its owner, inputs, fee, warnings). With --json: {"callId","lines","method","originator",\
        "refusal"} (refusal null or {"code","description"}).
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfcall from `hf-watcher wallet-api pending`.")]
    static let options = [WalletOption.help]

    let selection: WalletSelection
    let file: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let (review, facts) = try Self.review(file, selection: selection, transactionFile: nil, context: context)
        if context.globals.json {
            try Output.json(Summary(review))
        } else {
            for line in review.lines { Output.result(UntrustedText.escaped(line)) }
            if let payment = review.payment { ReviewDisplay.show(payment.review, facts: facts) }
        }
        return .success
    }

    /// The review of the call in `file` for the selected wallet; a `createAction`'s `.hftx` would go to
    /// `transactionFile` (nil: reviewed only, never written).
    static func review(
        _ file: String, selection: WalletSelection, transactionFile: String?, context: CommandContext
    ) throws -> (review: WalletCallApproval.Review, facts: ReviewWalletFacts) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError(.noInput, "cannot read '\(file)'")
        }
        return try review(
            bytes: [UInt8](data), source: file, selection: selection, transactionFile: transactionFile, context: context)
    }

    /// The review of the call `bytes` hold (read from `source`), with the facts of the wallet that would
    /// pay (its balance and labels, which the review of a payment shows).
    static func review(
        bytes: [UInt8], source: String, selection: WalletSelection, transactionFile: String?, context: CommandContext
    ) throws -> (review: WalletCallApproval.Review, facts: ReviewWalletFacts) {
        let call = try signerOperation { () throws(SignerError) in
            try WalletCallApproval.call(bytes, source: source, network: context.globals.network.network)
        }
        let wallet = try context.openWallet(selection)
        let unused = FileManager.default.temporaryDirectory.appendingPathComponent("hf-review-\(call.callIDHex).hftx").path
        let session = try context.openSession()
        let review = try signerOperation { () throws(SignerError) in
            try WalletCallApproval.review(
                call, wallet: wallet, transactionFile: transactionFile ?? unused,
                others: try session.otherWallets(than: wallet))
        }
        return (review, try ReviewWalletFacts.load(wallet, selection: selection, context: context))
    }

    struct Summary: Encodable {
        let callId: String
        let lines: [String]
        let method: String
        let originator: String
        let refusal: Refusal?

        struct Refusal: Encodable {
            let code: String
            let description: String
        }

        init(_ review: WalletCallApproval.Review) {
            callId = review.call.callIDHex
            lines = review.lines
            method = review.call.method.rawValue
            originator = review.call.originator
            refusal = review.refusal.map { Refusal(code: $0.code, description: $0.description) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(callId, forKey: .callId)
            try container.encode(lines, forKey: .lines)
            try container.encode(method, forKey: .method)
            try container.encode(originator, forKey: .originator)
            try container.encode(refusal, forKey: .refusal)
        }

        enum CodingKeys: String, CodingKey { case callId, lines, method, originator, refusal }
    }
}
