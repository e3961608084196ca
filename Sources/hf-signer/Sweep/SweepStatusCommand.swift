import HFCommandLine
import HFPrimitives
import HFSignerCore

/// `hf-signer sweep status`: the sweep addresses and their proven outputs.
struct SweepStatusCommand: Command {
    static let name = "status"
    static let abstract = "List the sweep addresses and the proven outputs paying them."
    static let discussion: String? = """
        Outputs come only from imported, SPV-verified receipts; they are not part of `balance` until swept. With \
        --json: {"addresses":[…],"outputs":[{"address","height","satoshis","spentBy","txid","vout"}],\
        "unspentSatoshis"} (spentBy is the pending or confirmed sweep, null while unspent).
        """
    static let options = [WalletOption.help]

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let (keys, outputs) = try signerOperation { () throws(SignerError) in (try wallet.sweepAddresses(), try wallet.sweepOutputs()) }
        let unspent = outputs.filter { $0.spentBy == nil }.reduce(0) { $0 + $1.satoshis }
        if context.globals.json {
            try Output.json(Status(addresses: keys, outputs: outputs, unspentSatoshis: unspent))
        } else {
            for key in keys { Output.result("sweep address \(key)") }
            for output in outputs {
                Output.result("\(output.txid):\(output.vout)  \(AmountText.bsv(output.satoshis))  \(output.address)  "
                    + (output.spentBy.map { "spent by \($0)" } ?? "unspent"))
            }
            Output.result("\(AmountText.bsv(unspent)) to sweep")
        }
        return .success
    }

    struct Status: Encodable {
        let addresses: [String]
        let outputs: [SweepOutput]
        let unspentSatoshis: UInt64
    }
}
