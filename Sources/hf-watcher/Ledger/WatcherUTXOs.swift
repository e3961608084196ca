import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher utxos`.
struct WatcherUTXOs: AsyncCommand {
    static let name = "utxos"
    static let abstract = "Unspent outputs paying watched addresses."
    static let discussion: String? = """
        With --json: [{"address","height","satoshis","txid","vout"}], height null while unconfirmed or while its \
        block is off the watcher's best chain. Spent means spent by a transaction on the best chain or unmined (in \
        flight); a coin whose spend's block left the best chain is listed again, as it stands. A 1-satoshi output \
        also has "ordinal" (text: a fourth column ordinal=STATE): "ordinal" (an inscription envelope in its script, \
        or the ordinals indexer knows one), "notOrdinal" (the indexer knows it as plain) or "unknown" (the indexer \
        does not know it, failed, timed out or answered nonsense, or ordinals.url is empty; protected like an \
        ordinal). The indexer is asked only when such an output needs it.
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) async throws -> ExitCode {
        let home = try context.openWatcherHome()
        let unspent = try await watcherOperation { () async throws(WatcherError) in
            try await WatcherSession.unspent(home: home, network: context.network)
        }
        if context.globals.json { try Output.json(unspent) } else {
            for output in unspent {
                Output.result(
                    "\(output.txid):\(output.vout)\t\(AmountText.bsv(output.satoshis))\t\(output.address)"
                        + (output.ordinalName.map { "\tordinal=\($0)" } ?? ""))
            }
        }
        return .success
    }
}
