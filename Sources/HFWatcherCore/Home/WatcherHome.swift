public import HFHome
public import HFPrimitives
public import HFSPV
public import HFStore

/// The watcher's home: `watcher.sqlite` (watched addresses, trusted identity keys, transactions and proofs,
/// configuration) and one header file per network, in a private directory under `$XDG_DATA_HOME/hf-watcher`. No
/// secrets: API keys stay in the files the configuration names. Everything but the names and the schema is the
/// shared ``ApplicationHome``'s.
public final class WatcherHome {
    /// The shared home underneath.
    public let home: ApplicationHome<WatcherProgram>

    private init(_ home: ApplicationHome<WatcherProgram>) { self.home = home }

    /// The home directory.
    public var directory: HomeDirectory { home.directory }
    /// The open database.
    public var database: Database { home.database }

    /// Creates (or opens) the home, mode 0700.
    public static func create(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(WatcherError) -> WatcherHome {
        .init(try ApplicationHome.create(explicit: explicit, environment: environment))
    }

    /// Opens an initialised home without creating anything.
    public static func open(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(WatcherError) -> WatcherHome {
        .init(try ApplicationHome.open(explicit: explicit, environment: environment))
    }

    /// The watcher's own validated header chain of `network` (the same SPV core, checkpoint and store as the
    /// signer's).
    public func headerChain(network: Network) throws(WatcherError) -> HeaderChain {
        try home.headerChain(network: network)
    }
}

/// What the watcher's home has of its own: its names, its schema and its error type.
public enum WatcherProgram: HomeProgram {
    public typealias Failure = WatcherError
    public static let application = "hf-watcher"
    public static let databaseName = "watcher.sqlite"
    public static var migrator: Migrator { WatcherSchema.migrator }
}

extension WatcherError: HomeFailure {
    /// A header chain that cannot be loaded or extended: rejections as `.rejected`, storage failures as
    /// `.headerChainStorage` (exit 74).
    public static func headerChain(_ error: HeaderChainError) -> WatcherError {
        switch error {
        case .rejected(let rejection): .rejected(reason: rejection.description)
        case .storageFailed(let reason): .headerChainStorage(reason: reason)
        }
    }
}
