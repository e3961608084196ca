import Foundation
import HFCommandLine
import HFPrimitives
import HFSPV
import HFWatcherCore

/// The shared work of `sync` and each `watch` poll.
enum SyncRun {
    struct Result: Encodable {
        let validatedTipHeight: Int
        let transactions: Int
    }

    static func run(_ session: WatcherSession, quiet: Bool) async throws(CommandError) -> Result {
        let added = try await watcherOperation { () async throws(WatcherError) in
            try await HeaderSync(services: session.services, chain: session.chain).run { tip, remote in
                if !quiet { Output.message("headers: validated to \(tip) of \(remote)") }
            }
        }
        let outcome = try await watcherOperation { () async throws(WatcherError) in
            try await AddressSync(session).run { done, total in
                if !quiet, total > 20, done % 20 == 0 { Output.message("addresses: \(done) of \(total)") }
            }
        }
        for txid in outcome.refused {
            Output.message("warning: \(txid): the service's transaction or proof does not verify; nothing was stored")
        }
        if !quiet { Output.message("headers: \(added) added; transactions: \(outcome.transactions) stored or confirmed") }
        try warnAboutAddresses(home: session.home, network: session.services.network)
        return Result(validatedTipHeight: session.chain.validatedTipHeight, transactions: outcome.transactions)
    }

    /// Fewer than 5 unused watched receive addresses: tell the user to export a new pack.
    static func warnAboutAddresses(home: WatcherHome, network: Network) throws(CommandError) {
        let unused = try watcherOperation { () throws(WatcherError) in
            try WatchOnlyLedger.unusedAddresses(home: home, network: network)
        }
        for (walletID, count) in unused where count < 5 {
            Output.message(
                "warning: wallet \(walletID.prefix(16)) has \(count) unused watched receive address\(count == 1 ? "" : "es"); "
                    + "export a new pack with `hf-signer export addrpack` and import it here")
        }
    }
}

/// `hf-watcher sync`.
struct WatcherSyncCommand: AsyncCommand {
    static let name = "sync"
    static let abstract = "Fetch headers and the watched addresses' transactions and proofs, verifying each."
    static let discussion: String? = """
        Headers come from the watcher's own validated tip (bulk runs from JungleBus); every watched address's \
        history, raw transactions and TSC proofs follow, each verified against the watcher's chain before it is \
        stored. Progress goes to stderr. With --json: {"transactions","validatedTipHeight"}.
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) async throws -> ExitCode {
        let result = try await SyncRun.run(try context.watcherSession(), quiet: context.globals.json)
        if context.globals.json { try Output.json(result) } else {
            Output.result("validated tip \(result.validatedTipHeight); \(result.transactions) transactions stored or confirmed")
        }
        return .success
    }
}

/// `hf-watcher watch`: long-running deposit detection.
struct WatcherWatch: AsyncCommand {
    static let name = "watch"
    static let abstract = "Poll (every poll.seconds, 30 by default) and print one line per new deposit; stop with Ctrl-C."
    static let discussion: String? = """
        Deposits are detected by outpoint: an output paying a watched address that was not known before. The \
        first poll records the outputs already there without printing them. SIGINT or SIGTERM ends the loop \
        cleanly after the current poll.
        """
    static let options = [
        OptionHelp("--interval", value: "seconds", help: "Override poll.seconds."),
        OptionHelp("--polls", value: "n", help: "Stop after N polls (for scripts and tests)."),
    ]

    let interval: Int?
    let polls: Int?

    init(parsing arguments: inout Arguments) throws {
        interval = try arguments.option("--interval").map { text in
            guard let value = Int(text), value > 0 else { throw UsageError("--interval must be a whole number of seconds") }
            return value
        }
        polls = try arguments.option("--polls").map { text in
            guard let value = Int(text), value > 0 else { throw UsageError("--polls must be a positive whole number") }
            return value
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        // The home is locked per poll cycle, never for the lifetime of the watch.
        let session = try context.watcherSession(locking: false)
        let home = session.home
        let seconds = try interval ?? watcherOperation { () throws(WatcherError) in
            try home.config(network: context.network).pollSeconds
        }
        let stop = StopSignal()
        var deposits = try watcherOperation { () throws(WatcherError) in
            try DepositWatch(home: home, network: context.network)
        }
        var count = 0
        while !stop.requested {
            try await pollOnce(session, deposits: &deposits, retryIn: seconds)
            count += 1
            if let polls, count >= polls { break }
            await stop.sleep(seconds: seconds)
        }
        Output.message("watch stopped")
        return .success
    }

    /// One poll cycle under the home's lock (released before the watch sleeps): sync, then report new deposits.
    private func pollOnce(
        _ session: WatcherSession, deposits: inout DepositWatch, retryIn seconds: Int
    ) async throws(CommandError) {
        let lock: HomeLock
        do { lock = try watcherOperation { () throws(WatcherError) in try session.home.lock() } } catch {
            Output.message("warning: \(error.message); trying again in \(seconds) s")
            return
        }
        defer { lock.release() }
        do {
            _ = try await SyncRun.run(session, quiet: true)
        } catch {
            Output.message("warning: \(error.message); trying again in \(seconds) s")
        }
        let found = try watcherOperation { () throws(WatcherError) in try deposits.poll() }
        for output in found {
            Output.result("deposit \(output.satoshis) satoshis to \(output.address) in \(output.txid):\(output.vout)"
                + (output.height.map { " (block \($0))" } ?? " (unconfirmed)"))
        }
    }
}

/// SIGINT/SIGTERM as a flag a loop checks, and a sleep that ends early when it is raised.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.raise() }
            source.resume()
            sources.append(source)
        }
    }

    var requested: Bool { lock.withLock { raised } }

    private func raise() { lock.withLock { raised = true } }

    /// Sleeps up to `seconds`, waking every 200 ms to check the flag.
    func sleep(seconds: Int) async {
        for _ in 0..<(seconds * 5) where !requested {
            try? await Task.sleep(for: .milliseconds(200))
        }
    }
}
