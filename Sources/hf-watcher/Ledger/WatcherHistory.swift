import HFCommandLine
import HFWatcherCore

/// `hf-watcher history`.
struct WatcherHistory: Command {
    static let name = "history"
    static let abstract = "Transactions touching watched addresses, oldest block first."
    static let discussion: String? = """
        With --json: [{"height","txid"}], height null while unconfirmed or while its block is off the watcher's \
        best chain (those come last).
        """
    init(parsing arguments: inout Arguments) throws {}

    struct Entry: Encodable {
        let txid: String
        let height: Int?
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let chain = try context.watcherChain(home)
        let history = try watcherOperation { () throws(WatcherError) in try WatchOnlyLedger(home: home, chain: chain).history }
        if context.globals.json { try Output.json(history.map { Entry(txid: $0.txid, height: $0.height) }) } else {
            for entry in history { Output.result("\(entry.txid)\t\(entry.height.map(String.init) ?? "unconfirmed")") }
        }
        return .success
    }
}
