import HFBundles
import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer send`: a signed payment kept as pending, written as `.hftx` for the watcher (cold mode).
struct SendCommand: Command {
    static let name = "send"
    static let abstract = "Sign a payment and write it as a .hftx file for the watcher to broadcast."
    static let discussion: String? = """
        Coins come only from verified receipts; 1-satoshi and inscription outputs are never spent. Change goes to a \
        fresh change address (never dust: dust change is added to the fee); nLockTime is the validated tip height. \
        The fee rate is --fee-rate (satoshis per 1000 bytes), else the latest fee quote of imported headers, else \
        1. Transactions over 100 KB are refused before approval. Approval is the store passphrase. Before signing the \
        review is shown: every output (full address or script kind, amount, owner change/receive re-derived from the \
        keys, or external), the inputs, fee, size, nLockTime, sighash and warnings (--max-fee sets the fee cap); on a \
        terminal a last line ending [y/N] confirms it unless --yes. The transaction is kept as pending (its inputs \
        count as spent) until its receipt arrives or `pending cancel`. With --json: {"fee","pendingId","review",\
        "txid"}. \
        Outputs: --to ADDR and --script HEX each take the --amount in the same position (the n-th --amount pays the \
        n-th --to or --script); --pay ADDR=N carries its amount and is not mixed with --to. Every --data is one push \
        of a single OP_FALSE OP_RETURN output; --upload FILE adds a B:// output (media type from --mime or a known \
        extension). Output order: --to/--pay/--script as given, the data output, the upload, then change. With only \
        --data or --upload the transaction pays nobody and the change pays the fee. \
        --request FILE pays a .hfpayreq from `hf-watcher paymail resolve` instead of --to/--pay: its paymail, \
        total and outputs are shown on stderr, and its P2PKH outputs are paid in order (then any --data/--upload).
        """
    static let options =
        [WalletOption.help] + SendOutputOptions.Option.all
        + [Option.request, SpendOptions.feeRateOption, SpendOptions.maxFeeOption, Option.out, Option.yes]
    /// The options, declared once for help and parsing (the output options: `SendOutputOptions.Option`).
    enum Option {
        static let request = OptionHelp(
            "--request", value: "file", help: "A .hfpayreq (paymail payment request) to pay instead of --to/--pay.")
        static let out = OptionHelp("--out", value: "file", help: "The new .hftx file.", required: true)
        static let yes = OptionHelp(flag: "--yes", help: "Sign without asking (needed without a terminal).")
    }

    let selection: WalletSelection
    let outputs: SendOutputOptions
    let request: String?
    let feeRate: UInt64?
    let limits: ReviewLimits
    let out: String
    let yes: Bool

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        request = try arguments.option(Option.request)
        outputs = try SendOutputOptions(parsing: &arguments)
        if request != nil {
            guard outputs.destinations.isEmpty else {
                throw UsageError("--request replaces --to, --amount, --pay and --script; give one or the other")
            }
        } else if outputs.isEmpty {
            throw UsageError(
                "nothing to send: give --to ADDR --amount N, --pay ADDR=N, --script HEX --amount N, --data or --upload")
        }
        feeRate = try SpendOptions.feeRate(&arguments)
        limits = try SpendOptions.limits(&arguments)
        out = try arguments.requiredOption(Option.out)
        yes = try arguments.flag(Option.yes)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if let request { return try payRequest(request, context: context) }
        let requested = try outputs.outputs(network: context.globals.network.network)
        return try SpendOptions.pay(
            .pay(requested), selection: selection, feeRate: feeRate, limits: limits, out: out, yes: yes,
            context: context
        ) { review in Self.question(requested, review: review) }
    }

    /// The confirmation asked on a terminal: for one payment (with or without data), exactly as before.
    static func question(_ outputs: [PaymentOutput], review: PaymentReview) -> String {
        let payments = outputs.filter { if case .data = $0 { false } else { true } }
        if payments.count == 1, case .recipient(let recipient) = payments[0] {
            return "Send \(AmountText.bsv(recipient.satoshis)) to \(recipient.address.string) with a fee of "
                + "\(AmountText.grouped(review.fee)) sat?"
        }
        let paid = outputs.reduce(0) { $0 + $1.satoshis }
        return "Make \(outputs.count) outputs paying \(AmountText.bsv(paid)) with a fee of "
            + "\(AmountText.grouped(review.fee)) sat?"
    }
}

/// What `send` and `split` share.
enum SpendOptions {
    /// `--fee-rate`, the same for every spending command.
    static let feeRateOption = OptionHelp("--fee-rate", value: "sat-per-kb", help: "Fee in satoshis per 1000 bytes.")

    /// Reads `--fee-rate` (as `option` declares it for the command).
    static func feeRate(
        _ arguments: inout Arguments, option: OptionHelp = feeRateOption
    ) throws(UsageError) -> UInt64? {
        guard let text = try arguments.option(option) else { return nil }
        guard let rate = UInt64(text), rate <= 1_000_000 else {
            throw UsageError("--fee-rate must be a whole number of satoshis per 1000 bytes, at most 1000000")
        }
        return rate
    }

    /// `--max-fee`, the review's absolute fee cap, the same for every spending command.
    static let maxFeeOption = OptionHelp(
        "--max-fee", value: "amount",
        help: "Warn in the review when the fee is above this many satoshis (default 10000).")

    /// Reads `--max-fee` into the review's limits (the standard ones when it is not given).
    static func limits(_ arguments: inout Arguments) throws(UsageError) -> ReviewLimits {
        guard let text = try arguments.option(maxFeeOption) else { return .standard }
        return ReviewLimits(maxFee: try AmountArgument.satoshis(text, option: "--max-fee", allowsZero: true))
    }

    /// Only a person or an explicit `--yes` signs: with `--yes` nothing is asked; on a terminal `question` is
    /// asked; without a terminal and without `--yes` the command is refused (64, naming `--yes`) before anything is
    /// signed, kept or written.
    static func confirm(_ question: String, yes: Bool) throws(CommandError) {
        guard !yes else { return }
        guard SecretInput.isInteractive else {
            throw CommandError(.usage, "no terminal to ask on: give --yes to sign without asking; nothing was signed or kept")
        }
        guard SecretInput.confirm(question) else { throw CommandError(.failure, "cancelled; nothing was signed or kept") }
    }

    /// Shows `review` on stderr (unless `--json`, whose result holds it, and no terminal asks), then, on a terminal
    /// unless `--yes`, asks `question` on the last line, which ends `[y/N]`.
    static func confirm(
        _ review: PaymentReview, facts: ReviewWalletFacts? = nil, question: String, yes: Bool, json: Bool
    ) throws(CommandError) {
        if !json || (!yes && SecretInput.isInteractive) { ReviewDisplay.show(review, facts: facts) }
        try confirm(question, yes: yes)
    }

    /// The session's payment steps as every spending command runs them: prepare (nothing written, a taken `--out`
    /// refused, the review built), review (shown, and confirmed by the question `ask` builds on a terminal unless
    /// `--yes`), sign, keep, print.
    static func pay(
        _ order: PaymentOrder, selection: WalletSelection, feeRate: UInt64?, limits: ReviewLimits, out: String,
        yes: Bool, context: CommandContext, ask: (PaymentReview) -> String
    ) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let session = try context.openSession()
        let prepared = try signerOperation { () throws(SignerError) in
            // The home's other wallets, so that a payment to one of them reads as that wallet's, not external.
            try wallet.preparePayment(
                order, feeRate: feeRate, out: out, limits: limits, others: try session.otherWallets(than: wallet))
        }
        let facts = try ReviewWalletFacts.load(wallet, selection: selection, context: context)
        try confirm(prepared.review, facts: facts, question: ask(prepared.review), yes: yes, json: context.globals.json)
        let payment = try signerOperation { () throws(SignerError) in
            let payment = try wallet.sign(prepared)
            try wallet.keep(payment)
            return payment
        }
        try print(txid: payment.txid, fee: payment.fee, review: prepared.review, context: context)
        return .success
    }

    static func print(txid: String, fee: UInt64, review: PaymentReview, context: CommandContext) throws(CommandError) {
        if context.globals.json {
            try Output.json(Result(txid: txid, fee: fee, pendingId: txid, review: review))
        } else {
            Output.result("signed \(txid) (fee \(AmountText.grouped(fee)) sat); kept as pending")
        }
    }

    /// `{"fee","pendingId","review":{…},"txid"}`.
    struct Result: Encodable {
        let txid: String
        let fee: UInt64
        let pendingId: String
        let review: PaymentReview
    }
}
