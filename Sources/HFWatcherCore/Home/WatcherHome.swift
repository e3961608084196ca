// Re-exported: `WatcherHome` is the shared home itself, so its members (`database`, `directory`, `open`, `create`,
// `headerChain(network:)`) must be visible wherever the watcher's core is imported.
@_exported public import HFHome
public import HFSPV
import HFStore

/// The watcher's home: `watcher.sqlite` (watched addresses, trusted identity keys, transactions and proofs,
/// configuration) and one header file per network, in a private directory under `$XDG_DATA_HOME/hf-watcher`. No
/// secrets: API keys stay in the files the configuration names. All but the names, the schema and the error type
/// (``WatcherProgram``) is the shared ``ApplicationHome``.
public typealias WatcherHome = ApplicationHome<WatcherProgram>

/// What the watcher's home has of its own.
public enum WatcherProgram: HomeProgram {
    public typealias Failure = WatcherError
    public static let layout = HomeLayout(
        application: "hf-watcher", databaseName: "watcher.sqlite", migrator: WatcherSchema.migrator)
}

extension WatcherError: HomeFailure {
    /// A header chain that cannot be loaded or extended: rejections as `.rejected`, storage failures as
    /// `.headerStorage` (exit 74).
    public static func headerChain(_ error: HeaderChainError) -> WatcherError {
        switch error {
        case .rejected(let rejection): .rejected(reason: rejection.description)
        case .storageFailed(let reason): .headerStorage(reason: reason)
        }
    }
}
