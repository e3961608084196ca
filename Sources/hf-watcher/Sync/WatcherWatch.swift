import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher watch`: long-running deposit detection.
struct WatcherWatch: AsyncCommand {
    static let name = "watch"
    static let abstract = "Poll (every poll.seconds, 30 by default) and print one line per new deposit; stop with Ctrl-C."
    static let discussion: String? = """
        Deposits are detected by outpoint: an output paying a watched address that was not known before. The \
        first poll that sees an address (on a first launch, or after importing a pack) records the outputs \
        already there without printing them. SIGINT or SIGTERM ends the loop \
        cleanly after the current poll.
        """
    static let options = [
        Option.interval,
        Option.polls,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let interval = OptionHelp("--interval", value: "seconds", help: "Override poll.seconds.")
        static let polls = OptionHelp("--polls", value: "n", help: "Stop after N polls (for scripts and tests).")
    }

    let interval: Int?
    let polls: Int?

    init(parsing arguments: inout Arguments) throws {
        interval = try arguments.option(Option.interval).map { text in
            guard let value = Int(text), value > 0 else { throw UsageError("--interval must be a whole number of seconds") }
            return value
        }
        polls = try arguments.option(Option.polls).map { text in
            guard let value = Int(text), value > 0 else { throw UsageError("--polls must be a positive whole number") }
            return value
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        // The home is locked, and its header chain open, per poll cycle, never for the lifetime of the watch: while
        // it sleeps, `balance`, `export` and the others run.
        let home = try context.openWatcherHome(locking: false)
        let seconds = try interval ?? watcherOperation { () throws(WatcherError) in
            try home.config(network: context.network).pollSeconds
        }
        let stop = try StopRequest()
        var deposits = try watcherOperation { () throws(WatcherError) in
            try DepositWatch(home: home, network: context.network)
        }
        var count = 0
        while !stop.requested {
            try await pollOnce(context, home: home, deposits: &deposits, retryIn: seconds)
            count += 1
            if let polls, count >= polls { break }
            await stop.sleep(seconds: seconds)
        }
        Output.message("watch stopped")
        return .success
    }

    /// One poll cycle under the home's lock (released before the watch sleeps): open the session, sync, then report
    /// new deposits with their heights on the chain as it is now.
    private func pollOnce(
        _ context: CommandContext, home: WatcherHome, deposits: inout DepositWatch, retryIn seconds: Int
    ) async throws(CommandError) {
        let lock: HomeLock
        do { lock = try watcherOperation { () throws(WatcherError) in try home.lock() } } catch {
            Output.message("warning: \(error.message); trying again in \(seconds) s")
            return
        }
        defer { lock.release() }
        let session: WatcherSession
        do {
            session = try watcherOperation { () throws(WatcherError) in
                try WatcherSession.open(home: home, network: context.network)
            }
        } catch {
            Output.message("warning: \(error.message); trying again in \(seconds) s")
            return
        }
        var synced = true
        do {
            _ = try await SyncRun.run(session, quiet: true)
        } catch {
            synced = false
            Output.message("warning: \(error.message); trying again in \(seconds) s")
        }
        let found = try watcherOperation { () throws(WatcherError) in
            try deposits.poll(chain: session.chain, seedingNewAddresses: synced)
        }
        for output in found {
            Output.result("deposit \(AmountText.bsv(output.satoshis)) to \(output.address) in \(output.txid):\(output.vout)"
                + (output.height.map { " (block \($0))" } ?? " (unconfirmed)"))
        }
    }
}
