import HFCommandLine
import HFPrimitives
import HFSPV
import HFWatcherCore

/// `hf-watcher checkpoint propose`: the maintenance procedure of the compiled-in checkpoint.
struct WatcherCheckpointPropose: AsyncCommand {
    static let name = "propose"
    static let abstract =
        "Write the Swift source of a new mainnet checkpoint, cross-checked against two sources."
    static let discussion: String? = """
        Takes the block --depth (default and minimum 500) below the tip, or exactly --height H (at least 500 deep), \
        fetches it and the 293 headers before it from JungleBus (junglebus.url) and WhatsOnChain (woc.url), one \
        request per header from WhatsOnChain, and compares every field of every header and the hashes between the \
        two. The SPV core then validates the 147 checkpoint headers (link, proof of work, the 144-block difficulty \
        rule, the median-time rule) on top of the 147 below them. --out receives MainnetCheckpointHeaders.swift \
        (replace Sources/HFSPV/Checkpoints/MainnetCheckpointHeaders.swift with it); stdout shows the Checkpoint.main \
        declaration for Checkpoint.swift. Any disagreement is refused (exit 65) naming the height and field, and \
        nothing is written. A release with a changed checkpoint wipes and re-seeds every header store on first open. \
        Mainnet only. With --json: {"declaration","file","hash","height","tipHeight"}.
        """
    static let options = [Option.depth, Option.height, Option.out]
    /// The options, declared once for help and parsing.
    enum Option {
        static let depth = OptionHelp(
            "--depth", value: "n", help: "How far below the tip (default and minimum 500).")
        static let height = OptionHelp(
            "--height", value: "height", help: "The checkpoint height, instead of --depth.")
        static let out = OptionHelp(
            "--out", value: "file", help: "The new MainnetCheckpointHeaders.swift (must not exist).",
            required: true)
    }

    /// `--json`.
    struct Report: Encodable {
        let file: String
        let height: Int
        let hash: String
        let tipHeight: Int
        let declaration: String
    }

    let height: Int?
    let depth: Int
    let out: String

    init(parsing arguments: inout Arguments) throws {
        let depthText = try arguments.option(Option.depth)
        let heightText = try arguments.option(Option.height)
        out = try arguments.requiredOption(Option.out)
        guard depthText == nil || heightText == nil else {
            throw UsageError("give --depth or --height, not both")
        }
        guard let depth = Int(depthText ?? String(CheckpointProposal.minimumDepth)),
            depth >= CheckpointProposal.minimumDepth
        else {
            throw UsageError(
                "--depth must be a number of blocks, at least \(CheckpointProposal.minimumDepth)")
        }
        self.depth = depth
        if let heightText {
            guard let height = Int(heightText), height > 0 else {
                throw UsageError("--height must be a block height, not '\(heightText)'")
            }
            self.height = height
        } else {
            height = nil
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        try watcherOperation { () throws(WatcherError) in
            try CheckpointProposal.requireMainnet(context.network)
        }
        let home = try context.openWatcherHome(locking: false)
        let network = context.network
        let proposal = try await watcherOperation { () async throws(WatcherError) in
            try await WatcherSession.proposeCheckpoint(home: home, network: network, height: height, depth: depth)
        }
        let checkpoint = proposal.checkpoint
        let declaration = CheckpointSource.declaration(checkpoint)
        try OutputFile.createNew(out, text: CheckpointSource.headersFile(checkpoint), mode: 0o644)
        if context.globals.json {
            try Output.json(
                Report(
                    file: out, height: checkpoint.height, hash: checkpoint.hash.displayHex,
                    tipHeight: proposal.tipHeight,
                    declaration: declaration))
        } else {
            let depth = proposal.tipHeight - checkpoint.height
            Output.result(
                "wrote checkpoint \(checkpoint.height) (\(checkpoint.hash.displayHex), \(depth) below the tip) and its "
                    + "\(checkpoint.headers.count - 1) context headers to \(out); in Checkpoint.swift:")
            Output.result(String(declaration.dropLast()))
        }
        return .success
    }
}
