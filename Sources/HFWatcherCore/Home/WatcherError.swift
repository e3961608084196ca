public import HFStore

/// Why a watcher operation failed; the command line maps each case to an exit code (docs/design.md §8).
public enum WatcherError: Error, Equatable, Sendable {
    /// The home directory cannot be used.
    case home(HomeDirectoryError)
    /// The home has not been initialised.
    case notInitialized(path: String)
    /// The watcher database failed.
    case database(DatabaseError)
    /// The header store failed.
    case headerStore(HeaderStoreError)
    /// The header chain's storage failed to read or write (an I/O failure, not a rejection).
    case headerStorage(reason: String)
    /// Input was refused: `reason` says which check failed.
    case rejected(reason: String)
    /// A service failed or is unreachable; `reason` says which and what it did. Nothing was stored.
    case service(reason: String)
    /// A configuration value is wrong or missing.
    case configuration(reason: String)
    /// An output file could not be created.
    case cannotCreate(reason: String)
    /// Another command holds the home (or its lock file cannot be opened).
    case homeLock(HomeLockError)
}

extension WatcherError: CustomStringConvertible {
    /// A sentence naming the problem and, where there is one, the fix.
    public var description: String {
        switch self {
        case .home(let error): error.description
        case .notInitialized(let path): "no watcher home at '\(path)'; run `hf-watcher init` first"
        case .headerStorage(let reason): "the header store failed: \(reason)"
        case .database(let error): error.description
        case .headerStore(let error): error.description
        case .rejected(let reason), .service(let reason), .configuration(let reason), .cannotCreate(let reason): reason
        case .homeLock(let error): error.description
        }
    }
}

extension WatcherError: DatabaseErrorConvertible {
    /// A database failure inside a watcher transaction.
    public init(databaseError: DatabaseError) { self = .database(databaseError) }
}
