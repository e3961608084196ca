import HFCommandLine

/// `hf-watcher sync`.
struct WatcherSyncCommand: AsyncCommand {
    static let name = "sync"
    static let abstract = "Fetch headers and the watched addresses' transactions and proofs, verifying each."
    static let discussion: String? = """
        Headers come from the watcher's own validated tip (bulk runs from JungleBus); every watched address's \
        history, raw transactions and TSC proofs follow, each verified against the watcher's chain before it is \
        stored. Then WhatsOnChain's unspent listing of the watched addresses (in bulk) is reconciled with the \
        ledger; nothing is removed for being absent from it. Progress goes to stderr. With --json: \
        {"corroborated","provisional","transactions","validatedTipHeight","walletUnknown"}, all numbers.
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) async throws -> ExitCode {
        let result = try await SyncRun.run(try context.watcherSession(), quiet: context.globals.json)
        if context.globals.json { try Output.json(result) } else {
            Output.result(
                "validated tip \(result.validatedTipHeight); \(result.transactions) transaction"
                    + "\(result.transactions == 1 ? "" : "s") stored or confirmed")
        }
        return .success
    }
}
