import HFSystem

/// Waiting for SIGINT or SIGTERM (HFSystem's ``SignalPipe``) in a server (`hf-devnet serve`, `hf-watcher wallet-api
/// serve`). `install()` also ignores SIGPIPE, so a closed stdout or a vanished client cannot kill the server.
public enum TerminationSignal {
    /// Installs the handlers for SIGINT and SIGTERM.
    /// - Throws: `CommandError` when no pipe can be made.
    public static func install() throws(CommandError) {
        do { try SignalPipe.install([.interrupt, .terminate]) } catch {
            throw .failure("cannot create a pipe for signal handling: \(error.message)")
        }
        Signal.brokenPipe.ignore()
    }

    /// Blocks until a handled signal arrives and returns its name.
    public static func wait() -> String {
        switch SignalPipe.wait() {
        case .interrupt?: "SIGINT"
        case .terminate?: "SIGTERM"
        case let other?: "signal \(other.rawValue)"
        case nil: "end of signal pipe"
        }
    }
}
