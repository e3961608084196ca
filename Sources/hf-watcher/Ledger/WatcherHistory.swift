import HFCommandLine
import HFWatcherCore

/// `hf-watcher history`.
struct WatcherHistory: Command {
    static let name = "history"
    static let abstract = "Transactions touching watched addresses, oldest block first."
    static let discussion: String? = """
        With --json: [{"counted","height","standing","txid"}], height null while unconfirmed or while its block is \
        off the watcher's best chain (those come last); standing confirmed, unconfirmed or orphaned (its block left \
        the best chain); counted false for a transaction set aside (an orphaned spend of a watched coin, a double \
        spend that lost to a confirmed one, or a spend of what those paid): it consumes nothing and pays nothing in \
        balance and utxos, and the text line names why.
        """
    init(parsing arguments: inout Arguments) throws {}

    struct Entry: Encodable {
        let txid: String
        let height: Int?
        let standing: String
        let counted: Bool
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let history = try watcherOperation { () throws(WatcherError) in
            try WatcherSession.history(home: home, network: context.network)
        }
        if context.globals.json {
            try Output.json(history.map {
                Entry(txid: $0.txid, height: $0.height, standing: $0.standing.code, counted: $0.setAside == nil)
            })
        } else {
            for entry in history {
                let line = "\(entry.txid)\t\(entry.height.map(String.init) ?? "unconfirmed")"
                Output.result(line + (entry.setAside.map { "\tnot counted: \($0)" } ?? ""))
            }
        }
        return .success
    }
}
