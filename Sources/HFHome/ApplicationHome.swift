public import HFPrimitives
public import HFSPV
public import HFStore

/// The application home both programs open (docs/design.md §7): a private directory (mode 0700; a home readable by group
/// or others is refused with the fix) holding the program's SQLite database and one header store per network
/// (`headers-<network>.dat`). One home serves every network; `--network` selects which.
///
/// Everything in the home is private too (files 0600, directories 0700, owned by the user, no symbolic links):
/// opening checks it before any file is used, and refuses with the `chmod`/`chown` that fixes it (exit 77).
/// The home's ancestors may be symbolic links (`HomeDirectory` resolves its parent once); the home and what is in it
/// may not.
///
/// `Program` supplies what differs between the signer and the watcher: names, schema and error type.
public final class ApplicationHome<Program: HomeProgram> {
    /// The directory name under `$XDG_DATA_HOME`.
    public static var application: String { Program.layout.application }
    /// The database file name inside the home.
    public static var databaseName: String { Program.layout.databaseName }

    /// The home directory.
    public let directory: HomeDirectory
    /// The open database, migrated to the program's latest schema.
    public let database: Database
    /// The directories ``create(explicit:environment:)`` made, outermost first (the home last): empty for a home
    /// that existed. ``discardIfNew()`` removes them again.
    private let createdDirectories: [String]

    private init(directory: HomeDirectory, created: [String]) throws(Program.Failure) {
        self.directory = directory
        createdDirectories = created
        do { try directory.checkContents() } catch { throw Program.Failure.home(error) }
        let opened: Database
        do { opened = try Database(path: directory.path(Program.layout.databaseName)) } catch {
            HomeRemoval.remove(created: created)
            throw Program.Failure.database(error)
        }
        do { try Program.layout.migrator.migrate(opened) } catch {
            HomeRemoval.discard(
                home: directory.path, created: created, databaseName: Program.layout.databaseName,
                databaseCreated: opened.wasCreated)
            throw Program.Failure.database(error)
        }
        database = opened
    }

    /// Whether this process made the home: created its directory, or its database in a directory that was there
    /// (a first `init`, or `backup restore` into a new home).
    public var isNew: Bool { createdDirectories.last == directory.path || database.wasCreated }

    /// Creates the home (mode 0700) and its database if missing, or opens an existing one (`init`).
    ///
    /// A new home whose database cannot be created is removed again, with the parents made for it: a failed `init`
    /// leaves nothing behind.
    /// - Parameter explicit: the `--home` value, if any.
    /// - Throws: `Failure.home` for a home (or something in it) that is not private; `.database`.
    public static func create(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(Program.Failure) -> ApplicationHome {
        let made: (home: HomeDirectory, created: [String])
        do {
            let location = try HomeDirectory.location(
                explicit: explicit, application: Program.layout.application, environment: environment)
            made = try HomeDirectory.creating(path: location)
        } catch {
            throw Program.Failure.home(error)
        }
        return try ApplicationHome(directory: made.home, created: made.created)
    }

    /// Opens an initialised home without creating anything.
    ///
    /// - Throws: `Failure.notInitialized` when the home or its database is missing; `.home`; `.database`.
    public static func open(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(Program.Failure) -> ApplicationHome {
        let found: HomeDirectory?
        do {
            found = try HomeDirectory.existing(
                explicit: explicit, application: Program.layout.application, environment: environment,
                marker: Program.layout.databaseName)
        } catch {
            throw Program.Failure.home(error)
        }
        guard let directory = found else {
            let location = try? HomeDirectory.location(
                explicit: explicit, application: Program.layout.application, environment: environment)
            throw Program.Failure.notInitialized(path: location ?? Program.layout.application)
        }
        return try ApplicationHome(directory: directory, created: [])
    }

    /// Removes what this process made of the home (``isNew``) after its `init` failed: a directory it created goes
    /// with everything in it and the parents made for it; in a directory that was there (an empty one the user
    /// prepared), only the program's own files go (the database and its companions, the lock, the header files).
    /// Does nothing to a home that was initialised before.
    ///
    /// Call it while still holding the home's lock, as the last step of the failed command: the database stays open
    /// on the removed files until the process ends.
    public func discardIfNew() {
        guard isNew else { return }
        HomeRemoval.discard(
            home: directory.path, created: createdDirectories, databaseName: Program.layout.databaseName,
            databaseCreated: database.wasCreated)
    }

    /// The header store of `network` (created on first use), after crash recovery: bytes past the recorded tip
    /// are truncated, a pending reorganisation is completed, and a last record that is not the recorded tip is
    /// refused.
    ///
    /// - Throws: `Failure.headerStore` (e.g. damaged, or busy in another process).
    public func headerStore(network: Network) throws(Program.Failure) -> HeaderFileStore {
        do {
            return try HeaderFileStore(
                directory: directory.path, network: network.rawValue,
                checkpointHash: Checkpoint.compiled(for: network).hash.internalBytes, database: database)
        } catch {
            throw Program.Failure.headerStore(error)
        }
    }

    /// The validated header chain of `network`, backed by its header store. Opening costs the same whatever the
    /// chain's length: the recorded tip is checked against the file's last record and only the rules' context is
    /// read (see `HeaderChain`).
    ///
    /// - Throws: `Failure.headerStore` when the store cannot be opened; `.headerChain` when it cannot be read.
    public func headerChain(network: Network) throws(Program.Failure) -> HeaderChain {
        let store = try headerStore(network: network)
        do {
            return try HeaderChain(checkpoint: .compiled(for: network), storage: store)
        } catch {
            throw Program.Failure.headerChain(error)
        }
    }
}
