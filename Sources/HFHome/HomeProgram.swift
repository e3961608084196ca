public import HFSPV
public import HFStore

/// What one program's home has of its own (docs/design.md §7): its layout (directory name, database file, schema) and the
/// error type its commands map to exit codes. Everything else is ``ApplicationHome``'s.
public protocol HomeProgram {
    /// The error the program's home operations throw.
    associatedtype Failure: HomeFailure
    /// The program's names and schema.
    static var layout: HomeLayout { get }
}

/// A program's home layout.
public struct HomeLayout: Sendable {
    /// The directory name under `$XDG_DATA_HOME`, e.g. `hf-signer`.
    public let application: String
    /// The database file name inside the home, e.g. `signer.sqlite`.
    public let databaseName: String
    /// The database schema, applied (migrated up) whenever the home is opened.
    public let migrator: Migrator

    /// A layout from its parts.
    public init(application: String, databaseName: String, migrator: Migrator) {
        self.application = application
        self.databaseName = databaseName
        self.migrator = migrator
    }
}

/// The failures of opening a home and its header chains, as a program's own error type spells them. An enum's cases
/// of these names and payloads satisfy the requirements.
public protocol HomeFailure: Error {
    /// The home directory cannot be used (too open, not owned, a symbolic link, …).
    static func home(_ error: HomeDirectoryError) -> Self
    /// The home has not been initialised.
    static func notInitialized(path: String) -> Self
    /// The database failed.
    static func database(_ error: DatabaseError) -> Self
    /// A header store cannot be opened (damaged, or busy in another process).
    static func headerStore(_ error: HeaderStoreError) -> Self
    /// A header chain could not be loaded from its store.
    static func headerChain(_ error: HeaderChainError) -> Self
}
