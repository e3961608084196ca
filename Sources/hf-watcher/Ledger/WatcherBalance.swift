import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher balance`.
struct WatcherBalance: Command {
    static let name = "balance"
    static let abstract = "The watch-only balance of the watched addresses."
    static let discussion: String? = """
        With --json: {"confirmed","unconfirmed"}. Confirmed = the proof verified and its block is on the \
        watcher's best chain now; an output of a block that left it (a reorganisation) counts as unconfirmed. A \
        spend consumes while it is on the best chain or unmined (in flight); one whose block left the best chain \
        consumes nothing, so the coin counts again (see history).
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let balance = try watcherOperation { () throws(WatcherError) in
            try WatcherSession.balance(home: home, network: context.network)
        }
        if context.globals.json { try Output.json(balance) } else {
            Output.result(
                "confirmed: \(AmountText.bsv(balance.confirmed)); unconfirmed: \(AmountText.bsv(balance.unconfirmed))")
        }
        return .success
    }
}
