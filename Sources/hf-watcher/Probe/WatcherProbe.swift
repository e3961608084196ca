import HFBundles
import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher probe F.hfprobe --out R.hfproberesult`.
struct WatcherProbe: AsyncCommand {
    static let name = "probe"
    static let abstract = "Ask which addresses of a .hfprobe have history; write the answer for the signer."
    static let discussion: String? = """
        Reads a .hfprobe (`hf-signer wallet probe`): the first addresses of a recovery phrase under each known \
        wallet layout. Asks WhatsOnChain (or hf-devnet) for the confirmed and mempool history of all of them in \
        bulk (20 addresses a request, never one per address) and writes the answer to --out, a new .hfproberesult \
        for `hf-signer import`. Nothing is stored and nothing is watched. Output: one line per preset, \
        `NAME: U of N addresses have history`. With --json: {"file","presets":[{"checked","name","used"}],"probe"} \
        (used: the addresses with history; probe: the probe's SHA-256).
        """
    static let arguments = [ArgumentHelp("probe", help: "The .hfprobe file.")]
    static let options = [Option.out]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .hfproberesult file.", required: true)
    }

    let file: String
    let out: String

    init(parsing arguments: inout Arguments) throws {
        out = try arguments.requiredOption(Option.out)
        file = try arguments.positional("probe")
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let session = try context.watcherSession()
        let result = try await watcherOperation { () async throws(WatcherError) in
            try await session.probe(try WatcherSession.readBundle(file), source: file, out: out)
        }
        if context.globals.json {
            try Output.json(
                Report(
                    file: out, probe: result.probeDigest.hex,
                    presets: result.presets.map { preset in
                        .init(name: preset.name, checked: preset.checked, used: preset.used.map(\.string))
                    }))
        } else {
            for preset in result.presets {
                Output.result("\(preset.name): \(preset.used.count) of \(preset.checked) addresses have history")
            }
            Output.message("wrote \(out); carry it to the offline machine and read it with `hf-signer import \(out)`")
        }
        return .success
    }

    /// The `--json` object.
    struct Report: Encodable {
        struct Preset: Encodable {
            let name: String
            let checked: Int
            let used: [String]
        }
        let file: String
        let probe: String
        let presets: [Preset]
    }
}
