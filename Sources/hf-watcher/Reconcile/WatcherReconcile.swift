import HFCommandLine
import HFWatcherCore

/// `hf-watcher reconcile`.
struct WatcherReconcile: AsyncCommand {
    static let name = "reconcile"
    static let abstract = "Compare the ledger's unspent outputs with WhatsOnChain's unspent listing."
    static let discussion: String? = """
        Asks WhatsOnChain for the unspent outputs of every watched address (in bulk, 20 addresses a request) and \
        sorts the outpoints: corroborated (the ledger and the listing agree), provisional (in the ledger, the \
        listing disagrees: absent, another value, or spent in the mempool; it still counts) and walletUnknown (listed, \
        its transaction in no stored history). Nothing is stored or removed. Output: one line per outpoint, \
        `LIST<TAB>txid:vout<TAB>satoshis<TAB>address[<TAB>reason]`. With --json: {"corroborated":[…],\
        "provisional":[…],"walletUnknown":[…]}, each item {"address","satoshis","txid","vout"} plus "reason" in the \
        last two lists.
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) async throws -> ExitCode {
        let session = try context.watcherSession()
        let result = try await watcherOperation { () async throws(WatcherError) in
            try await session.reconcile()
        }
        if context.globals.json { try Output.json(result) } else {
            for (list, entries) in [
                ("corroborated", result.corroborated), ("provisional", result.provisional),
                ("walletUnknown", result.walletUnknown),
            ] {
                for entry in entries {
                    let point = entry.outpoint
                    let reason = entry.reason.map { "\t" + $0 } ?? ""
                    Output.result("\(list)\t\(point.txid):\(point.vout)\t\(point.satoshis)\t\(point.address)\(reason)")
                }
            }
        }
        return .success
    }
}
