import HFCommandLine
import HFDevnet
import HFPrimitives

/// `hf-devnet reorg --from H --blocks N [--to ADDR] (--state DIR | --url URL)`.
struct ReorgCommand: AsyncCommand {
    static let name = "reorg"
    static let abstract = "Replace the top of the chain by a heavier branch of empty blocks."
    static let discussion: String? = """
        Disconnects blocks <from> to the tip and mines <blocks> new blocks from height <from> on, each holding only \
        its coinbase (paying --to, or the devnet's own address). The new branch must be heavier than the one it \
        replaces: <blocks> must be more than tip - from + 1. The other transactions of the disconnected blocks are \
        dropped: not mined again and not returned to the mempool (submit one again to have it mined again); \
        mempool transactions that spent their outputs are evicted. A crash leaves the old chain or the new one. \
        Prints the new block hashes, one per line, and on stderr what was disconnected and dropped; with --json: \
        {"disconnected":N,"disconnectedHashes":[...],"dropped":["<txid>",...],"evicted":[...],"from":H,\
        "hashes":[...],"newTip":N,"newTipHash":"<hash>","oldTip":N,"oldTipHash":"<hash>"}.
        """
    static let options = [Option.from, Option.blocks, Option.to] + ChainTarget.options
    /// The options, declared once for help and parsing.
    enum Option {
        static let from = OptionHelp("--from", value: "height", help: "The first height replaced, 1 to the tip.", required: true)
        static let blocks = OptionHelp(
            "--blocks", value: "count", help: "The new branch's length: more than tip - from + 1, at most 10000.",
            required: true)
        static let to = OptionHelp("--to", value: "address", help: "The regtest address the new coinbases pay.")
    }

    /// The first height replaced.
    let from: Int
    /// The new branch's length.
    let blocks: Int
    /// The payee, if given.
    let payee: Address?
    /// Where to reorganise.
    let target: ChainTarget

    init(parsing arguments: inout Arguments) throws {
        let fromText = try arguments.requiredOption(Option.from)
        let blocksText = try arguments.requiredOption(Option.blocks)
        let to = try arguments.option(Option.to)
        target = try ChainTarget.parse(&arguments)
        guard let from = Int(fromText), from >= 1 else {
            throw UsageError("--from must be a height of 1 or more (genesis stays), not '\(fromText)'")
        }
        guard let blocks = Int(blocksText), (1...DevnetChain.maxBlocksPerCall).contains(blocks) else {
            throw UsageError("--blocks must be 1 to \(DevnetChain.maxBlocksPerCall), not '\(blocksText)'")
        }
        self.from = from
        self.blocks = blocks
        payee = try to.map(parseAddress)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let result: DevnetControl.ReorgResult
        switch target {
        case .state(let path):
            result = try withChain(path) { (chain) throws(DevnetError) in
                DevnetControl.ReorgResult(try chain.reorg(from: from, blocks: blocks, to: payee))
            }
        case .url(let url):
            result = try await ControlClient(baseURL: url).post(
                "reorg", DevnetControl.ReorgRequest(from: from, blocks: blocks, to: payee?.string),
                as: DevnetControl.ReorgResult.self)
        }
        if context.globals.json {
            try Output.json(result)
        } else {
            result.hashes.forEach(Output.result)
            Output.message(
                "disconnected \(result.disconnected) block(s) (heights \(result.from) to \(result.oldTip)) and mined "
                    + "\(result.hashes.count); the tip is at height \(result.newTip)")
            for txid in result.dropped { Output.message("dropped \(txid) (no longer mined, not in the mempool)") }
            for txid in result.evicted {
                Output.message("evicted \(txid) from the mempool (its inputs left the chain)")
            }
        }
        return .success
    }
}
