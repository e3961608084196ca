import HFCommandLine
import HFWatcherCore

/// `hf-watcher utxos`.
struct WatcherUTXOs: Command {
    static let name = "utxos"
    static let abstract = "Unspent outputs paying watched addresses."
    static let discussion: String? = """
        With --json: [{"address","height","satoshis","txid","vout"}], height null while unconfirmed or while its \
        block is off the watcher's best chain. Spent means spent by a transaction on the best chain or unmined (in \
        flight); a coin whose spend's block left the best chain is listed again, as it stands.
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let unspent = try watcherOperation { () throws(WatcherError) in try WatchOnlyLedger(home: home, network: context.network).unspent }
        if context.globals.json { try Output.json(unspent) } else {
            for output in unspent { Output.result("\(output.txid):\(output.vout)\t\(output.satoshis)\t\(output.address)") }
        }
        return .success
    }
}
