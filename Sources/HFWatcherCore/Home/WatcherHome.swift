public import HFPrimitives
public import HFSPV
public import HFStore

/// The watcher's home: a private directory with `watcher.sqlite` (watched addresses, trusted identity keys,
/// transactions and proofs, configuration) and one header file per network. No secrets: API keys stay in the files
/// the configuration names.
public final class WatcherHome {
    /// The directory name under `$XDG_DATA_HOME`.
    public static let application = "hf-watcher"
    /// The database file name.
    public static let databaseName = "watcher.sqlite"

    /// The home directory.
    public let directory: HomeDirectory
    /// The open database.
    public let database: Database

    private init(directory: HomeDirectory) throws(WatcherError) {
        self.directory = directory
        do {
            database = try Database(path: directory.path(Self.databaseName))
            try WatcherSchema.migrator.migrate(database)
        } catch {
            throw .database(error)
        }
    }

    /// Creates (or opens) the home, mode 0700.
    public static func create(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(WatcherError) -> WatcherHome {
        let directory: HomeDirectory
        do { directory = try HomeDirectory(explicit: explicit, application: application, environment: environment) } catch {
            throw .home(error)
        }
        return try WatcherHome(directory: directory)
    }

    /// Opens an initialised home without creating anything.
    public static func open(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(WatcherError) -> WatcherHome {
        let found: HomeDirectory?
        do {
            found = try HomeDirectory.existing(
                explicit: explicit, application: application, environment: environment, marker: databaseName)
        } catch {
            throw .home(error)
        }
        guard let directory = found else {
            throw .notInitialized(path: (try? HomeDirectory.location(
                explicit: explicit, application: application, environment: environment)) ?? application)
        }
        return try WatcherHome(directory: directory)
    }

    /// The watcher's own validated header chain of `network` (the same SPV core and checkpoint as the signer).
    public func headerChain(network: Network) throws(WatcherError) -> HeaderChain {
        let checkpoint = Checkpoint.compiled(for: network)
        let store: HeaderFileStore
        do {
            store = try HeaderFileStore(
                directory: directory.path, network: network.rawValue, checkpointHash: checkpoint.hash.internalBytes,
                database: database)
        } catch {
            throw .headerStore(error)
        }
        do { return try HeaderChain(checkpoint: checkpoint, storage: HeaderFileStorage(store)) } catch {
            throw .rejected(reason: error.description)
        }
    }
}

/// The watcher's header file as the storage of its header chain. (An adapter rather than a conformance of
/// `HeaderFileStore`, which the signer's core declares: one binary may link both cores.)
final class HeaderFileStorage: HeaderChainStorage {
    private let store: HeaderFileStore

    init(_ store: HeaderFileStore) { self.store = store }

    func loadRecords() throws -> [[UInt8]] { try store.loadRecords() }
    func replaceRecords(from index: Int, with records: [[UInt8]]) throws { try store.replaceRecords(from: index, with: records) }
    func reset() throws { try store.reset() }
}
