import Foundation
import HFBundles
import HFCommandLine
import HFPrimitives
import HFWatcherCore

struct WatcherExportReceipts: Command {
    static let name = "receipts"
    static let abstract = "Write one <txid>.hfreceipt per verified transaction touching a watched address."
    static let discussion: String? = """
        Exports the transactions whose proofs verify on the watcher's best chain now. A transaction whose block \
        left that chain (a reorganisation) is not exported: it is named on stderr with the reason, and exported \
        again once its block returns or a sync finds it mined again. Exits 0 when anything was exported or nothing \
        was asked for; 65 when --txid asked for transactions and none of them could be exported. With --json: \
        {"directory","receipts","skipped":[{"blockHash"?,"code","height"?,"reason","txid"}],"written"}, code one \
        of orphaned, unconfirmed, unknown, unusable.
        """
    static let options = [
        Option.since,
        Option.txid,
        Option.outDir,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let since = OptionHelp(
            "--since", value: "height", help: "Only transactions in blocks at or above this height.")
        static let txid = OptionHelp("--txid", value: "txid", help: "Only these transactions (repeatable).")
        static let outDir = OptionHelp(
            "--out-dir", value: "dir", help: "The directory to write into (created if missing).", required: true)
    }

    /// `--json`: the counts (numbers) and the transactions not exported.
    struct Report: Encodable {
        let directory: String
        let receipts: Int
        let written: Int
        let skipped: [Skipped]
    }

    /// One transaction not exported, in `--json`.
    struct Skipped: Encodable {
        let txid: String
        let code: String
        let reason: String
        let height: Int?
        let blockHash: String?

        init(_ skipped: ReceiptExport.Skipped) {
            txid = skipped.txid
            code = skipped.reason.code
            reason = skipped.reason.description
            if case .orphaned(let height, let blockHash) = skipped.reason {
                self.height = height
                self.blockHash = blockHash
            } else {
                height = nil
                blockHash = nil
            }
        }
    }

    let since: Int?
    let txids: [String]
    let outDir: String

    init(parsing arguments: inout Arguments) throws {
        since = try arguments.option(Option.since).map { text in
            guard let value = Int(text), value >= 0 else { throw UsageError("--since must be a height") }
            return value
        }
        txids = try arguments.optionValues(Option.txid).map { text in
            guard (try? Txid(displayHex: text)) != nil else { throw UsageError("--txid must be 64 hex digits") }
            return text.lowercased()
        }
        outDir = try arguments.requiredOption(Option.outDir)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let export = try watcherOperation { () throws(WatcherError) in
            try WatcherSession.receipts(home: home, network: context.network, since: since, txids: Set(txids))
        }
        for skipped in export.skipped {
            Output.message("skipped \(skipped.txid): \(skipped.reason)")
        }
        if !txids.isEmpty, export.receipts.isEmpty {
            let names = export.skipped.map { "\($0.txid) (\($0.reason.code))" }.joined(separator: ", ")
            throw WatcherError.rejected(reason: "none of the transactions asked for can be exported: \(names)")
                .commandError
        }
        do { try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true) } catch {
            throw CommandError(.cannotCreate, "cannot create '\(outDir)': \(error.localizedDescription)")
        }
        var written = 0
        for receipt in export.receipts {
            let path = outDir + "/" + receipt.txid.displayHex + ".hfreceipt"
            if FileManager.default.fileExists(atPath: path) { continue }
            try OutputFile.createNew(path, contents: receipt.encoded(), mode: 0o644)
            written += 1
        }
        let count = export.receipts.count
        if context.globals.json {
            try Output.json(
                Report(
                    directory: outDir, receipts: count, written: written,
                    skipped: export.skipped.map(Skipped.init)))
        } else {
            Output.result("\(written) new receipt\(written == 1 ? "" : "s") in \(outDir) (\(count) verified in all)")
        }
        if !export.skipped.isEmpty {
            let skipped = export.skipped.count
            Output.message("\(skipped) transaction\(skipped == 1 ? "" : "s") not exported (see above)")
        }
        return .success
    }
}
