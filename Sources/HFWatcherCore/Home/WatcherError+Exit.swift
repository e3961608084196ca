public import HFSystem
import HFHome
import HFStore

/// The one table from a watcher failure to its exit status (docs/design.md §8) and its stable `code` (the `error.code` of a
/// failed command's `--json` result, listed in hf-watcher(1)); the home's own failures map as HFHome says.
extension WatcherError {
    /// The exit code of this failure.
    public var exitStatus: ExitStatus {
        switch self {
        case .home(let error): error.exitStatus
        case .headerStore(let error): error.exitStatus
        case .homeLock(let error): error.exitStatus
        case .notInitialized: .noInput
        case .database, .headerStorage: .ioError
        case .rejected: .dataError
        case .service: .tryAgain
        case .configuration: .usage
        case .cannotCreate: .cannotCreate
        }
    }

    /// The stable machine-readable name of the cause.
    public var code: String {
        switch self {
        case .home(let error): error.code
        case .headerStore(let error): error.code
        case .homeLock(let error): error.code
        case .notInitialized: "notInitialized"
        case .database(.unknownValue): "corruptRecord"
        case .database: "database"
        case .headerStorage: "headerStorageFailed"
        case .rejected: "rejected"
        case .service: "serviceUnavailable"
        case .configuration: "configuration"
        case .cannotCreate: "cannotCreate"
        }
    }
}
