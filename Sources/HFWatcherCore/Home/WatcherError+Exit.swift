public import HFCommandLine
import HFStore

/// The one table from a watcher failure to its exit code (DESIGN §8) and its stable `code` (the `error.code` of a
/// failed command's `--json` result, listed in hf-watcher(1)).
extension WatcherError {
    /// The exit code of this failure.
    public var exitCode: ExitCode {
        switch self {
        case .home(.noLocation): .usage
        case .home(.system): .ioError
        case .home: .noPermission
        case .notInitialized: .noInput
        case .database: .ioError
        case .headerStore(.busy): .tryAgain
        case .headerStore, .headerStorage: .ioError
        case .rejected: .dataError
        case .service: .tryAgain
        case .configuration: .usage
        case .cannotCreate: .cannotCreate
        case .homeLock(.busy): .tryAgain
        case .homeLock: .ioError
        }
    }

    /// The stable machine-readable name of the cause.
    public var code: String {
        switch self {
        case .home(.noLocation): "noHomeLocation"
        case .home(.system): "homeUnusable"
        case .home: "homeNotPrivate"
        case .notInitialized: "notInitialized"
        case .database: "database"
        case .headerStore(.busy): "headerStoreBusy"
        case .headerStore: "headerStore"
        case .headerStorage: "headerStorageFailed"
        case .rejected: "rejected"
        case .service: "serviceUnavailable"
        case .configuration: "configuration"
        case .cannotCreate: "cannotCreate"
        case .homeLock(.busy): "homeInUse"
        case .homeLock: "homeLock"
        }
    }

    /// The command-line error of this failure.
    public var commandError: CommandError { CommandError(exitCode, description, code: code) }
}
