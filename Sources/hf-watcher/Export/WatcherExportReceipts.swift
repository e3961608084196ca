import Foundation
import HFBundles
import HFCommandLine
import HFPrimitives
import HFWatcherCore

struct WatcherExportReceipts: Command {
    static let name = "receipts"
    static let abstract = "Write one <txid>.hfreceipt per verified transaction touching a watched address."
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

    let since: Int?
    let txids: [String]
    let outDir: String

    init(parsing arguments: inout Arguments) throws {
        since = try arguments.option(Option.since).map { text in
            guard let value = Int(text), value >= 0 else { throw UsageError("--since must be a height") }
            return value
        }
        txids = try arguments.optionValues(Option.txid).map { $0.lowercased() }
        outDir = try arguments.requiredOption(Option.outDir)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let chain = try context.watcherChain(home)
        let receipts = try watcherOperation { () throws(WatcherError) in
            try WatcherExport.receipts(home: home, chain: chain, since: since, txids: Set(txids))
        }
        do { try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true) } catch {
            throw CommandError(.cannotCreate, "cannot create '\(outDir)': \(error.localizedDescription)")
        }
        var written = 0
        for receipt in receipts {
            let path = outDir + "/" + receipt.txid.displayHex + ".hfreceipt"
            if FileManager.default.fileExists(atPath: path) { continue }
            try OutputFile.createNew(path, contents: receipt.encoded(), mode: 0o644)
            written += 1
        }
        if context.globals.json {
            try Output.json(["directory": outDir, "receipts": String(receipts.count), "written": String(written)])
        } else {
            Output.result("\(written) new receipt\(written == 1 ? "" : "s") in \(outDir) (\(receipts.count) verified in all)")
        }
        return .success
    }
}
