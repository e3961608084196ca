public import HFPrimitives
public import HFSPV
public import HFStore

/// The signer's home (DESIGN §7): a private directory holding the SQLite database `signer.sqlite` and one header
/// file per network (`headers-<network>.dat`). One home serves every network; `--network` selects which.
public final class SignerHome {
    /// The directory name under `$XDG_DATA_HOME`.
    public static let application = "hf-signer"
    /// The database file name inside the home.
    public static let databaseName = "signer.sqlite"

    /// The home directory.
    public let directory: HomeDirectory
    /// The open signer database.
    public let database: Database

    private init(directory: HomeDirectory) throws(SignerError) {
        self.directory = directory
        do {
            database = try Database(path: directory.path(Self.databaseName))
            try SignerSchema.migrator.migrate(database)
        } catch {
            throw .database(error)
        }
    }

    /// Creates the home (mode 0700) and its database if missing, or opens an existing one (`hf-signer init`).
    ///
    /// - Parameter explicit: the `--home` value, if any.
    /// - Throws: `SignerError.home` for a home that is not private; `.database`.
    public static func create(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(SignerError) -> SignerHome {
        let directory: HomeDirectory
        do {
            directory = try HomeDirectory(explicit: explicit, application: application, environment: environment)
        } catch {
            throw .home(error)
        }
        return try SignerHome(directory: directory)
    }

    /// Opens an initialised home without creating anything.
    ///
    /// - Throws: `SignerError.notInitialized` when the home or its database is missing; `.home`; `.database`.
    public static func open(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(SignerError) -> SignerHome {
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
        return try SignerHome(directory: directory)
    }

    /// The validated header chain of `network`, backed by its header file (created on first use).
    ///
    /// - Throws: `SignerError.headerStore` when the store cannot be opened (e.g. damaged, or busy in another process).
    public func headerChain(network: Network) throws(SignerError) -> HeaderChain {
        let checkpoint = Checkpoint.compiled(for: network)
        let store: HeaderFileStore
        do {
            store = try HeaderFileStore(
                directory: directory.path, network: network.rawValue, checkpointHash: checkpoint.hash.internalBytes,
                database: database)
        } catch {
            throw .headerStore(error)
        }
        do { return try HeaderChain(checkpoint: checkpoint, storage: store) } catch { throw SignerError(error) }
    }
}
