import HFCommandLine
import HFDevnet
import HFPrimitives

/// `hf-devnet mine N [--to ADDR] (--state DIR | --url URL)`.
struct MineCommand: AsyncCommand {
    static let name = "mine"
    static let abstract = "Mine blocks (with every mempool transaction in the first)."
    static let discussion: String? = """
        Mines <count> blocks (1 to 10000). The first takes every mempool transaction; each coinbase pays 50 BSV \
        (halving every 150 blocks) plus fees to --to, or to the devnet's own address. Prints the new block hashes, \
        one per line; with --json: {"hashes":["<hash>",...],"height":N}, N the new tip height.
        """
    static let arguments = [ArgumentHelp("count", help: "How many blocks to mine, 1 to 10000.")]
    static let options = [Option.to] + ChainTarget.options
    /// The options, declared once for help and parsing.
    enum Option {
        static let to = OptionHelp("--to", value: "address", help: "The regtest address the coinbases pay.")
    }

    /// How many blocks.
    let count: Int
    /// The payee, if given.
    let payee: Address?
    /// Where to mine.
    let target: ChainTarget

    init(parsing arguments: inout Arguments) throws {
        let to = try arguments.option(Option.to)
        target = try ChainTarget.parse(&arguments)
        let text = try arguments.positional("count")
        guard let value = Int(text), (1...DevnetChain.maxBlocksPerCall).contains(value) else {
            throw UsageError("<count> must be 1 to \(DevnetChain.maxBlocksPerCall), not '\(text)'")
        }
        count = value
        payee = try to.map(parseAddress)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let result: DevnetControl.MineResult
        switch target {
        case .state(let path):
            result = try withChain(path) { (chain) throws(DevnetError) in
                let hashes = try chain.mine(count, to: payee)
                return DevnetControl.MineResult(hashes: hashes.map(\.displayHex), height: chain.height)
            }
        case .url(let url):
            result = try await ControlClient(baseURL: url).post(
                "mine", DevnetControl.MineRequest(blocks: count, to: payee?.string), as: DevnetControl.MineResult.self)
        }
        if context.globals.json {
            try Output.json(result)
        } else {
            result.hashes.forEach(Output.result)
            Output.message("mined \(result.hashes.count) block(s); the tip is at height \(result.height)")
        }
        return .success
    }
}

/// A regtest P2PKH address from a command-line word.
/// - Throws: `UsageError` when it is not one.
func parseAddress(_ text: String) throws(UsageError) -> Address {
    do {
        return try Address(string: text, network: DevnetChain.network)
    } catch {
        throw UsageError("'\(text)' is not a regtest P2PKH address (\(error))")
    }
}
