import HFBundles
import HFCommandLine
import HFNetwork
import HFWatcherCore

struct WatcherExportHeaders: AsyncCommand {
    static let name = "headers"
    static let abstract = "Write validated headers from --from (the signer's tip + 1) as a .hfheaders bundle."
    static let discussion: String? = """
        At most --count (default and maximum 10000) headers, noPrev48 encoding, anchored to the checkpoint, with \
        the ARC fee quote when one is available.
        """
    static let options = [
        Option.from,
        Option.count,
        Option.out,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let from = OptionHelp("--from", value: "height", help: "The first height included.", required: true)
        static let count = OptionHelp("--count", value: "n", help: "How many (default 10000).")
        static let out = OptionHelp("--out", value: "file", help: "The new .hfheaders file.", required: true)
    }

    let from: Int
    let count: Int
    let out: String

    init(parsing arguments: inout Arguments) throws {
        let fromText = try arguments.requiredOption(Option.from)
        guard let from = Int(fromText), from > 0 else { throw UsageError("--from must be a height, not '\(fromText)'") }
        self.from = from
        let countText = try arguments.option(Option.count) ?? "10000"
        guard let count = Int(countText), (1...10_000).contains(count) else { throw UsageError("--count must be 1 to 10000") }
        self.count = count
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let session = try context.watcherSession()
        var quote: FeeQuote?
        if let arc = session.services.arc, let policy = try? await arc.policy(),
            let observed = try? RFC3339Timestamp.now()
        {
            quote = try? FeeQuote(satoshis: policy.miningFee.satoshis, bytes: policy.miningFee.bytes, observedAt: observed)
        }
        let bundle = try watcherOperation { () throws(WatcherError) in
            try WatcherExport.headers(chain: session.chain, from: from, count: count, feeQuote: quote)
        }
        try OutputFile.createNew(out, contents: bundle.encoded(), mode: 0o644)
        if context.globals.json {
            try Output.json(["file": out, "startHeight": String(bundle.startHeight), "endHeight": String(bundle.endHeight)])
        } else {
            Output.result("wrote headers \(bundle.startHeight)…\(bundle.endHeight) to \(out)")
        }
        return .success
    }
}
