import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer split --outpoint TXID:VOUT --outputs N --out FILE.hftx`.
struct SplitCommand: Command {
    static let name = "split"
    static let abstract = "Split one unspent output into 2 to 240 outputs at fresh addresses."
    static let discussion: String? = """
        Equal outputs (the remainder to the first) at fresh receive addresses, the fee deducted; refused if any \
        output would be dust or the coin is protected. Reviewed and kept as pending like `send`. With --json: \
        {"fee","pendingId","review","txid"}.
        """
    static let options = [
        WalletOption.help,
        Option.outpoint,
        Option.outputs,
        SpendOptions.feeRateOption,
        SpendOptions.maxFeeOption,
        Option.out,
        Option.yes,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let outpoint = OptionHelp("--outpoint", value: "txid:vout", help: "The output to split.", required: true)
        static let outputs = OptionHelp("--outputs", value: "n", help: "Number of outputs, 2 to 240.", required: true)
        static let out = OptionHelp("--out", value: "file", help: "The new .hftx file.", required: true)
        static let yes = OptionHelp(flag: "--yes", help: "Sign without asking (needed without a terminal).")
    }

    let selection: WalletSelection
    let outpoint: OutPoint
    let outputs: Int
    let feeRate: UInt64?
    let limits: ReviewLimits
    let out: String
    let yes: Bool

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        let text = try arguments.requiredOption(Option.outpoint)
        let parts = text.split(separator: ":")
        guard parts.count == 2, let txid = try? Txid(displayHex: String(parts[0])), let vout = UInt32(parts[1]) else {
            throw UsageError("--outpoint must be TXID:VOUT, not '\(text)'")
        }
        outpoint = OutPoint(txid: txid, vout: vout)
        let count = try arguments.requiredOption(Option.outputs)
        guard let outputs = Int(count), (2...240).contains(outputs) else {
            throw UsageError("--outputs must be a whole number from 2 to 240, not '\(count)'")
        }
        self.outputs = outputs
        feeRate = try SpendOptions.feeRate(&arguments)
        limits = try SpendOptions.limits(&arguments)
        out = try arguments.requiredOption(Option.out)
        yes = try arguments.flag(Option.yes)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        try SpendOptions.pay(
            .split(outpoint, into: outputs), selection: selection, feeRate: feeRate, limits: limits, out: out,
            yes: yes, context: context
        ) { review in "Split \(outpoint) into \(outputs) outputs with a fee of \(AmountText.grouped(review.fee)) sat?" }
    }
}
