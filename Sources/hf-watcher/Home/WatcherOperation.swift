import HFCommandLine
import HFWatcherCore

/// Runs `body`, turning a `WatcherError` into the matching `CommandError`.
func watcherOperation<T>(_ body: () throws(WatcherError) -> T) throws(CommandError) -> T {
    do { return try body() } catch { throw error.commandError }
}

/// Awaits `body`, turning a `WatcherError` into the matching `CommandError`.
func watcherOperation<T>(_ body: () async throws(WatcherError) -> T) async throws(CommandError) -> T {
    do { return try await body() } catch { throw error.commandError }
}

extension WatcherError {
    /// The command-line error of this failure: one `error:` line, the exit code of the core's table and the code.
    var commandError: CommandError { CommandError(ExitCode(exitStatus), description, code: code) }
}
