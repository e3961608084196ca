import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher broadcast FILE.hftx…`.
struct WatcherBroadcastCommand: AsyncCommand {
    static let name = "broadcast"
    static let abstract = "Broadcast the signer's .hftx files through ARC (GorillaPool, then the failover)."
    static let discussion: String? = """
        Sends the extended format (EF) built from the bundle's inputs, after checking the txid, that a fee is \
        paid, every input's signature against the previous output the bundle names (P2PKH; other scripts are not \
        verified), and each named previous output against the watcher's own copy of its transaction: a failure \
        exits 65 and sends nothing. A transaction ARC already knows counts as success. A rejection exits 65 with ARC's reason; when \
        every broadcaster fails the exit is 75 and the file is kept to try again. With --json one \
        {"status","txid","via"} per file (an array when several). --dry-run sends nothing: after the same checks it \
        shows each file's outputs as the watcher sees them (full address or script kind, amount, whether the \
        address is watched from an address pack, with its scheme and reference), the inputs, the fee and the size; \
        with --json one {"broadcast":false,"fee","feeRate","inputs":{"count","satoshis"},"nLockTime","outputs":[…],\
        "signatures":{"inputs","notVerified","verified"},"size","txid"} per file.
        """
    static let arguments = [ArgumentHelp("file", help: "The .hftx files.", repeating: true)]
    static let options = [Option.dryRun]
    /// The options, declared once for help and parsing.
    enum Option {
        static let dryRun = OptionHelp(flag: "--dry-run", help: "Show what would be broadcast; send nothing.")
    }

    let files: [String]
    let dryRun: Bool

    init(parsing arguments: inout Arguments) throws {
        dryRun = try arguments.flag(Option.dryRun)
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        // A preview needs no service: only the home.
        if dryRun { return try preview(home: try context.openWatcherHome(), context: context) }
        let session = try context.watcherSession()
        var results: [WatcherBroadcast.Result] = []
        for file in files {
            let result = try await watcherOperation { () async throws(WatcherError) in
                // The signer's state rides along: a state of another identity refuses the file before it is sent.
                try await session.broadcast(try WatcherSession.readBundle(file), source: file)
            }
            results.append(result)
            if !context.globals.json { Output.result("\(result.txid): \(result.status) via \(result.via)") }
        }
        if context.globals.json {
            if results.count == 1 { try Output.json(results[0]) } else { try Output.json(results) }
        }
        return .success
    }

    /// `--dry-run`: each file's preview, nothing sent.
    private func preview(home: WatcherHome, context: CommandContext) throws -> ExitCode {
        var previews: [BroadcastPreview] = []
        for file in files {
            let preview = try watcherOperation { () throws(WatcherError) in
                try WatcherSession.previewBroadcast(
                    try WatcherSession.readBundle(file), source: file, home: home, network: context.network)
            }
            previews.append(preview)
            guard !context.globals.json else { continue }
            Output.result("\(preview.txid): not broadcast (--dry-run)")
            for output in preview.outputs {
                let what = output.address.map { "to \($0)" } ?? "(\(output.kind))"
                let watched = output.watched
                    ? "watched " + [output.scheme, output.reference].compactMap { $0 }.joined(separator: " ")
                    : "not watched"
                Output.result("  output \(output.index): \(AmountText.bsv(output.satoshis)) \(what), \(watched)")
            }
            Output.result(
                "  inputs: \(preview.inputs.count), \(AmountText.bsv(preview.inputs.satoshis)); "
                    + "fee \(AmountText.grouped(preview.fee)) sat; "
                    + "size \(preview.size) bytes; nLockTime \(preview.nLockTime)")
            Output.result("  " + preview.signatures.summary)
        }
        if context.globals.json {
            if previews.count == 1 { try Output.json(previews[0]) } else { try Output.json(previews) }
        }
        return .success
    }
}
