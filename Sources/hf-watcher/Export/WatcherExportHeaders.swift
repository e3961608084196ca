import HFBundles
import HFCommandLine
import HFWatcherCore

struct WatcherExportHeaders: AsyncCommand {
    static let name = "headers"
    static let abstract = "Write validated headers from --from (the signer's tip + 1) as .hfheaders bundles."
    static let discussion: String? = """
        With --out: one bundle of at most --count (default and maximum 10000) headers. With --out-dir (the \
        catch-up): every validated header from --from to the tip, as consecutive bundles of 10000, the last one \
        shorter, named DIR/<first>-<last>.hfheaders (the directory is created if missing); if any of those names is \
        taken, nothing is written (exit 73). Bundles use noPrev48 encoding, are anchored to the checkpoint, and carry \
        the ARC fee quote when one is available, and "sources": the header providers whose answers sync compared \
        and found agreeing (junglebus and whatsonchain when both are configured). While the last sync recorded a \
        disagreement between them deep below the tip, nothing is exported (exit 65) until a sync finds them \
        agreeing again. With --json: {"endHeight","file","startHeight"} for --out, \
        {"bundles":[{"count","endHeight","file","startHeight"}],"directory","endHeight","startHeight"} for --out-dir.
        """
    static let options = [
        Option.from,
        Option.count,
        Option.out,
        Option.outDir,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let from = OptionHelp("--from", value: "height", help: "The first height included.", required: true)
        static let count = OptionHelp("--count", value: "n", help: "How many, with --out (default 10000).")
        static let out = OptionHelp("--out", value: "file", help: "The new .hfheaders file (one bundle).")
        static let outDir = OptionHelp(
            "--out-dir", value: "dir", help: "Write every header to the tip as bundles of 10000 into this directory.")
    }

    /// Where the bundles go: one file, or the catch-up directory.
    enum Destination {
        case file(String, count: Int)
        case directory(String)
    }

    /// `--json` of `--out`.
    struct FileReport: Encodable {
        let file: String
        let startHeight: Int
        let endHeight: Int
    }

    /// `--json` of `--out-dir`: every bundle written, in height order.
    struct DirectoryReport: Encodable {
        let directory: String
        let startHeight: Int
        let endHeight: Int
        let bundles: [Bundle]

        /// One bundle of the catch-up.
        struct Bundle: Encodable {
            let file: String
            let startHeight: Int
            let endHeight: Int
            let count: Int
        }
    }

    let from: Int
    let destination: Destination

    init(parsing arguments: inout Arguments) throws {
        let fromText = try arguments.requiredOption(Option.from)
        guard let from = Int(fromText), from > 0 else { throw UsageError("--from must be a height, not '\(fromText)'") }
        self.from = from
        let countText = try arguments.option(Option.count)
        let out = try arguments.option(Option.out)
        let outDir = try arguments.option(Option.outDir)
        switch (out, outDir) {
        case (let out?, nil):
            guard let count = Int(countText ?? "10000"), (1...10_000).contains(count) else {
                throw UsageError("--count must be 1 to 10000")
            }
            destination = .file(out, count: count)
        case (nil, let outDir?):
            guard countText == nil else {
                throw UsageError("--count applies to --out only; --out-dir writes every header to the tip")
            }
            destination = .directory(outDir)
        case (nil, nil):
            throw UsageError("give --out FILE (one bundle) or --out-dir DIR (every header to the tip)")
        case (_?, _?):
            throw UsageError("give either --out or --out-dir, not both")
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let session = try context.watcherSession()
        let export = try await watcherOperation { () async throws(WatcherError) in try await session.headerExport() }
        switch destination {
        case .file(let out, let count):
            let bundle = try watcherOperation { () throws(WatcherError) in
                try export.bundle(from: from, count: count)
            }
            try OutputFile.createNew(out, contents: bundle.encoded(), mode: 0o644)
            if context.globals.json {
                try Output.json(
                    FileReport(file: out, startHeight: Int(bundle.startHeight), endHeight: Int(bundle.endHeight)))
            } else {
                Output.result("wrote \(HeaderRangeText.headers(bundle.startHeight, bundle.endHeight)) to \(out)")
            }
        case .directory(let directory):
            let runs = try watcherOperation { () throws(WatcherError) in
                try export.runs(from: from)
            }
            let written = try HeaderBundleDirectory(directory).write(runs) { (run) throws(CommandError) -> [UInt8] in
                try watcherOperation { () throws(WatcherError) in
                    try export.bundle(run).encoded()
                }
            }
            if context.globals.json {
                try Output.json(
                    DirectoryReport(
                        directory: directory, startHeight: runs[0].lowerBound, endHeight: runs[runs.count - 1].upperBound,
                        bundles: zip(written, runs).map { file, run in
                            .init(file: file, startHeight: run.lowerBound, endHeight: run.upperBound, count: run.count)
                        }))
            } else {
                for (file, run) in zip(written, runs) { Output.result("wrote \(HeaderRangeText.headers(run.lowerBound, run.upperBound)) to \(file)") }
            }
        }
        return .success
    }
}
