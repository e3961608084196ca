import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer wallet move --from ID --to ID --out FILE.hftx`.
struct WalletMoveCommand: Command {
    static let name = "move"
    static let abstract = "Move every spendable coin of one wallet to fresh addresses of another wallet."
    static let discussion: String? = """
        One transaction spends every confirmed spendable coin of --from to fresh receive addresses of --to (same \
        home, same network), split into up to 3 equal outputs (fewer when they would be dust); protected outputs \
        (1 satoshi, inscriptions) stay, and the review says how many. The review shows each output as the other \
        wallet's own address (owner "wallet" with its walletId); the spending policy counts the move as leaving \
        --from. Signed only with --yes or after a [y/N] on a terminal, then kept as pending in --from like `send` \
        (the watcher broadcasts the .hftx; --to's receive index advances). --from is left empty, not removed. \
        With --json: {"fee","fromWalletId","pendingId","protectedCount","protectedSatoshis","review",\
        "toWalletId","txid"}.
        """
    static let options = [
        Option.from, Option.to, SpendOptions.feeRateOption, SpendOptions.maxFeeOption, Option.out, Option.yes,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let from = OptionHelp(
            "--from", value: "id", help: "The wallet to empty: its ID or an 8+ digit prefix.", required: true)
        static let to = OptionHelp(
            "--to", value: "id", help: "The wallet to receive: its ID or an 8+ digit prefix.", required: true)
        static let out = OptionHelp("--out", value: "file", help: "The new .hftx file.", required: true)
        static let yes = OptionHelp(flag: "--yes", help: "Sign without asking (needed without a terminal).")
    }

    let from: String
    let to: String
    let feeRate: UInt64?
    let limits: ReviewLimits
    let out: String
    let yes: Bool

    init(parsing arguments: inout Arguments) throws {
        from = try arguments.requiredOption(Option.from)
        to = try arguments.requiredOption(Option.to)
        feeRate = try SpendOptions.feeRate(&arguments)
        limits = try SpendOptions.limits(&arguments)
        out = try arguments.requiredOption(Option.out)
        yes = try arguments.flag(Option.yes)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let move = try signerOperation { () throws(SignerError) in
            try session.prepareMove(
                from: .id(from), to: .id(to), feeRate: feeRate, out: out, limits: limits, secrets: context.secrets)
        }
        let json = context.globals.json
        if !json || (!yes && SecretInput.isInteractive) {
            let facts = try ReviewWalletFacts.load(
                confirmedBefore: move.sourceConfirmed, selection: .id(move.source.walletID), context: context)
            ReviewDisplay.show(move.review, facts: facts)
            Output.message("  " + Self.staying(move))
        }
        try SpendOptions.confirm(
            "Move \(AmountText.bsv(move.plan.amountSatoshis)) from wallet \(move.source.walletID) to wallet "
                + "\(move.destination.walletID) with a fee of \(AmountText.grouped(move.plan.fee)) sat?",
            yes: yes)
        let payment = try signerOperation { () throws(SignerError) in
            let payment = try session.sign(move)
            try session.keep(payment, moving: move)
            return payment
        }
        if json {
            try Output.json(Result(
                txid: payment.txid, fee: payment.fee, pendingId: payment.txid, fromWalletId: move.source.walletID,
                toWalletId: move.destination.walletID, protectedCount: move.protectedCount,
                protectedSatoshis: move.protectedSatoshis, review: move.review))
        } else {
            Output.result("signed \(payment.txid) (fee \(AmountText.grouped(payment.fee)) sat); kept as pending in "
                + "wallet \(move.source.walletID); it moves \(AmountText.bsv(move.plan.amountSatoshis)) to wallet "
                + "\(move.destination.walletID)")
        }
        return .success
    }

    /// The review's line about the protected outputs that stay in the source wallet.
    static func staying(_ move: PreparedMove) -> String {
        let count = move.protectedCount
        guard count > 0 else { return "staying: no protected outputs; wallet \(move.source.walletID) is left empty" }
        return "staying: \(count) protected output\(count == 1 ? "" : "s") (1-satoshi or inscription, "
            + "\(AmountText.bsv(move.protectedSatoshis))) stay\(count == 1 ? "s" : "") in wallet "
            + "\(move.source.walletID); \(count == 1 ? "it is" : "they are") never moved"
    }

    /// `{"fee","fromWalletId","pendingId","protectedCount","protectedSatoshis","review":{…},"toWalletId","txid"}`.
    struct Result: Encodable {
        let txid: String
        let fee: UInt64
        let pendingId: String
        let fromWalletId: String
        let toWalletId: String
        let protectedCount: Int
        let protectedSatoshis: UInt64
        let review: PaymentReview
    }
}
