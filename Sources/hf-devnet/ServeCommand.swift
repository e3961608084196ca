import HFCommandLine
import HFDevnet

/// `hf-devnet serve`: opens the chain and serves the API until SIGINT or SIGTERM.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract = "Serve the devnet's chain on 127.0.0.1 until interrupted."
    static let discussion: String? = """
        Opens (or creates) the chain in the state directory, locks it, and listens on 127.0.0.1. Prints exactly \
        one line to stdout, the base URL (http://127.0.0.1:PORT), then serves until SIGINT or SIGTERM, answers \
        the requests in progress, closes the chain and exits 0. Point hf-watcher at it with \
        'hf-watcher config set devnet URL'.
        """
    static let options = [
        Option.state,
        Option.port,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let state = OptionHelp(
            "--state", value: "dir", help: "The state directory (created with mode 0700 if missing).", required: true)
        static let port = OptionHelp(
            "--port", value: "port", help: "The port to listen on; 0 (the default) picks a free one.")
    }

    /// The state directory.
    let state: String
    /// The port asked for.
    let port: UInt16

    init(parsing arguments: inout Arguments) throws {
        state = try arguments.requiredOption(Option.state)
        if let text = try arguments.option(Option.port) {
            guard let value = UInt16(text) else { throw UsageError("--port must be 0 to 65535, not '\(text)'") }
            port = value
        } else {
            port = 0
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        try TerminationSignal.install()
        let chain = try openChain(state)
        let server = HTTPServer(
            configuration: HTTPServer.Configuration(port: port), handler: DevnetAPI.handler(for: chain))
        let bound: UInt16
        do {
            bound = try server.start()
        } catch {
            chain.close()
            throw CommandError.failure(error.description)
        }
        let url = "http://127.0.0.1:\(bound)"
        Output.result(url)
        reportRepairs(chain.openReport)
        Output.message("hf-devnet: serving \(state) at \(url) (height \(chain.height)); stop with Ctrl-C")
        let signal = TerminationSignal.wait()
        server.stop()
        chain.close()
        Output.message("hf-devnet: stopped (\(signal))")
        return .success
    }

    /// Tells on stderr what opening the state directory had to repair (a torn record, an invalid transaction).
    private func reportRepairs(_ report: DevnetOpenReport) {
        if report.blocksDropped > 0 || report.blockBytesDropped > 0 {
            Output.message(
                "hf-devnet: warning: dropped \(report.blocksDropped) invalid block(s) and \(report.blockBytesDropped) "
                    + "torn byte(s) from \(state)/blocks.dat")
        }
        if report.mempoolTransactionsDropped > 0 {
            Output.message(
                "hf-devnet: warning: dropped \(report.mempoolTransactionsDropped) mempool transaction(s) that no "
                    + "longer fit the chain")
        }
    }
}
