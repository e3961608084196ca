import HFCommandLine
import HFSignerCore
import HFStore

extension SignerError {
    /// The command-line error of this failure, with the exit code of DESIGN §8.
    var commandError: CommandError {
        CommandError(exitCode, description)
    }

    private var exitCode: ExitCode {
        switch self {
        case .home(.noLocation): .usage
        case .home(.system): .ioError
        case .home: .noPermission
        case .notInitialized, .unreadable: .noInput
        case .database: .ioError
        case .headerStore(.busy): .tryAgain
        case .headerStore: .ioError
        case .rejected: .dataError
        }
    }
}

/// Runs `body`, turning a `SignerError` into the matching `CommandError`.
func signerOperation<T>(_ body: () throws(SignerError) -> T) throws(CommandError) -> T {
    do { return try body() } catch { throw error.commandError }
}

extension CommandContext {
    /// Opens the initialised home of `--home` (or the default).
    func openHome() throws(CommandError) -> SignerHome {
        try signerOperation { () throws(SignerError) in try SignerHome.open(explicit: globals.home) }
    }
}
