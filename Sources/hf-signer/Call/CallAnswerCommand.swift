import HFBundles
import HFCommandLine
import HFPrimitives
import HFSignerCore

/// `hf-signer call answer FILE.hfcall --out FILE.hfanswer [--yes]`.
struct CallAnswerCommand: Command {
    static let name = "answer"
    static let abstract = "Review a .hfcall, then write its signed .hfanswer (the result, or the refusal)."
    static let discussion: String? = """
        Shows the review (as `call review`), then on a terminal asks whether to answer unless --yes; without a \
        terminal, --yes is needed to answer. The result is computed with the wallet's identity key m/13'/0' as the \
        BRC-100 root (BRC-42/43 derivation, BRC-2 encryption and HMAC, ECDSA signatures) and written, signed by that \
        key and bound to the call's ID and digest, to the new file --out (mode 0600: a decrypted plaintext may be \
        in it). When you say no, or the signer refuses the call, the answer carries the refusal instead (code \
        WERR_USER_REFUSED, or the refusal's own), so the application hears at once; the exit status is then 77. \
        A createAction is prepared, reviewed and confirmed as `send` does (the spending policy applies), then signed \
        and kept as pending; its .hftx is written beside the answer (X.hfanswer → X.hftx) and carried inside it, \
        so the watcher broadcasts it on delivery. Deliver the file with `hf-watcher wallet-api deliver`. With \
        --json: {"callId","file","method","outcome"}.
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfcall from `hf-watcher wallet-api pending`.")]
    static let options = [WalletOption.help, Option.out, Option.yes]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .hfanswer file.", required: true)
        static let yes = OptionHelp(flag: "--yes", help: "Answer without asking (needed without a terminal).")
    }

    let selection: WalletSelection
    /// The call file, or nil when `bytes` were scanned.
    let file: String?
    let bytes: [UInt8]?
    let out: String
    let yes: Bool

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        out = try arguments.requiredOption(Option.out)
        yes = try arguments.flag(Option.yes)
        file = try arguments.positional("file")
        bytes = nil
    }

    /// An answer to a call already in hand (`scan`).
    init(selection: WalletSelection, bytes: [UInt8], out: String, yes: Bool) {
        self.selection = selection
        file = nil
        self.bytes = bytes
        self.out = out
        self.yes = yes
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let transactionFile = Self.transactionFile(out)
        let (review, facts) =
            if let bytes {
                try CallReviewCommand.review(
                    bytes: bytes, source: "the scanned code", selection: selection, transactionFile: transactionFile,
                    context: context)
            } else {
                try CallReviewCommand.review(
                    file ?? "", selection: selection, transactionFile: transactionFile, context: context)
            }
        for line in review.lines { Output.message(UntrustedText.escaped(line)) }
        if let payment = review.payment { ReviewDisplay.show(payment.review, facts: facts) }
        let approved: Bool
        if review.refusal != nil {
            approved = false
        } else if yes {
            approved = true
        } else if SecretInput.isInteractive {
            approved = SecretInput.confirm(
                review.answeredWith.map { "Write the answer of payment \($0) again?" } ?? review.payment.map {
                    "Pay \($0.review.outputs.count) outputs for \(review.call.originator) with a fee of \(AmountText.grouped($0.review.fee)) sat?"
                } ?? "Answer this call from \(review.call.originator)?")
        } else {
            throw CommandError(.usage, "no terminal to ask on: give --yes to answer \(review.call.callIDHex); nothing was written")
        }
        if review.answeredWith != nil, !approved { throw CommandError(.failure, "cancelled; nothing was written") }
        let wallet = try context.openWallet(selection)
        let answer = try signerOperation { () throws(SignerError) in
            try WalletCallApproval.answer(review, wallet: wallet, approved: approved, answerFile: out)
        }
        try OutputFile.createNew(out, contents: answer.encoded(), mode: 0o600)
        let outcome: String
        switch answer.outcome {
        case .result: outcome = "result"
        case .refused: outcome = "refused"
        }
        if context.globals.json {
            try Output.json(Summary(callId: answer.callIDHex, file: out, method: answer.method.rawValue, outcome: outcome))
        } else {
            Output.result("wrote \(out) (\(outcome)); deliver it with `hf-watcher wallet-api deliver \(out)`")
        }
        return outcome == "result" ? .success : .noPermission
    }

    /// Where an answered createAction's `.hftx` goes: beside the answer, `X.hfanswer` → `X.hftx`.
    static func transactionFile(_ out: String) -> String {
        (out.hasSuffix(".hfanswer") ? String(out.dropLast(".hfanswer".count)) : out) + ".hftx"
    }

    struct Summary: Encodable {
        let callId: String
        let file: String
        let method: String
        let outcome: String
    }
}
