public import HFSPV
public import HFStore

/// What one program's home has of its own (DESIGN §7): its directory name under `$XDG_DATA_HOME`, its database file
/// and schema, and the error type its commands map to exit codes. Everything else is ``ApplicationHome``'s.
public protocol HomeProgram {
    /// The error the program's home operations throw.
    associatedtype Failure: HomeFailure
    /// The directory name under `$XDG_DATA_HOME`, e.g. `hf-signer`.
    static var application: String { get }
    /// The database file name inside the home, e.g. `signer.sqlite`.
    static var databaseName: String { get }
    /// The database schema, applied (migrated up) whenever the home is opened.
    static var migrator: Migrator { get }
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
