import HFCommandLine
import HFDevnet
import HFPrimitives

/// `hf-devnet fund ADDR SATS (--state DIR | --url URL)`.
struct FundCommand: AsyncCommand {
    static let name = "fund"
    static let abstract = "Pay an address from the devnet's own coins, and mine the payment."
    static let discussion: String? = """
        Pays <satoshis> to <address> from the devnet's key (change back to it) and mines one block holding the \
        payment. On a fresh chain it first mines the 100 blocks that make a coinbase spendable. Prints the \
        funding txid; with --json: {"height":N,"txid":"<txid>"}, N the height of the block holding it.
        """
    static let arguments = [
        ArgumentHelp("address", help: "The regtest P2PKH address to pay."),
        ArgumentHelp("satoshis", help: "The amount in satoshis, 1 to 2100000000000000."),
    ]
    static let options = ChainTarget.options

    /// The payee.
    let address: Address
    /// The amount.
    let satoshis: UInt64
    /// Where to fund.
    let target: ChainTarget

    init(parsing arguments: inout Arguments) throws {
        target = try ChainTarget.parse(&arguments)
        address = try parseAddress(try arguments.positional("address"))
        let text = try arguments.positional("satoshis")
        satoshis = try AmountArgument.satoshis(text, option: "<satoshis>")
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let result: DevnetControl.FundResult
        switch target {
        case .state(let path):
            result = try withChain(path) { (chain) throws(DevnetError) in
                let txid = try chain.fund(address: address, satoshis: satoshis)
                return DevnetControl.FundResult(
                    txid: txid.displayHex, height: chain.status(of: txid).confirmation?.height ?? chain.height)
            }
        case .url(let url):
            result = try await ControlClient(baseURL: url).post(
                "fund", DevnetControl.FundRequest(address: address.string, satoshis: satoshis),
                as: DevnetControl.FundResult.self)
        }
        if context.globals.json {
            try Output.json(result)
        } else {
            Output.result(result.txid)
            Output.message("paid \(satoshis) sat to \(address.string); mined at height \(result.height)")
        }
        return .success
    }
}
