import HFCommandLine
import HFBundles
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer sweep spend --out F.hftx`: moves every proven unspent sweep output into the wallet.
struct SweepSpendCommand: Command {
    static let name = "spend"
    static let abstract = "Sign one transaction moving every proven sweep output to the next receive address."
    static let discussion: String? = """
        Spends every unspent output `sweep status` lists (SPV-proven receipts only) with the stored keys to the \
        wallet's next receive address, paying the fee of `send` (--fee-rate, else the latest fee quote, else 1 \
        sat/1000 B); refused when nothing is proven or the rest would be dust. Approval as for `send`: the store \
        passphrase, and the review, confirmed on a terminal unless --yes. The transaction is kept as \
        pending and written to --out as a .hftx for `hf-watcher broadcast`. With --json: {"fee","pendingId","review","txid"}.
        """
    static let options = [
        WalletOption.help,
        SpendOptions.feeRateOption,
        SpendOptions.maxFeeOption,
        Option.out,
        Option.yes,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .hftx file.", required: true)
        static let yes = OptionHelp(flag: "--yes", help: "Sign without asking (needed without a terminal).")
    }

    let selection: WalletSelection
    let feeRate: UInt64?
    let limits: ReviewLimits
    let out: String
    let yes: Bool

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        feeRate = try SpendOptions.feeRate(&arguments)
        limits = try SpendOptions.limits(&arguments)
        out = try arguments.requiredOption(Option.out)
        yes = try arguments.flag(Option.yes)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let prepared = try signerOperation { () throws(SignerError) in
            try wallet.prepareSweep(feeRate: feeRate, out: out, limits: limits)
        }
        let sweep = prepared.sweep
        Output.message("sweeping \(sweep.inputs.count) output\(sweep.inputs.count == 1 ? "" : "s") of \(AmountText.bsv(sweep.total)) "
            + "to \(sweep.destination.address.string)")
        try SpendOptions.confirm(
            prepared.review, question: "Sweep \(AmountText.bsv(sweep.amount)) into this wallet with a fee of "
                + "\(AmountText.grouped(sweep.fee)) sat?",
            yes: yes, json: context.globals.json)
        let signed = try signerOperation { () throws(SignerError) in
            let signed = try wallet.sign(prepared)
            try wallet.keep(signed)
            return signed.signed
        }
        if context.globals.json {
            try Output.json(
                SpendOptions.Result(txid: signed.txid, fee: signed.fee, pendingId: signed.txid, review: prepared.review))
        } else {
            Output.result(
                "signed sweep \(signed.txid) (\(AmountText.bsv(signed.amount)), fee \(AmountText.grouped(signed.fee)) sat); "
                    + "kept as pending")
        }
        return .success
    }
}
