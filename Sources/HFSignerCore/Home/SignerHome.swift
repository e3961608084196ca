public import HFHome
public import HFPrimitives
public import HFSPV
public import HFStore

/// The signer's home (docs/design.md §7): `signer.sqlite` and one header file per network in a private directory under
/// `$XDG_DATA_HOME/hf-signer`. Opening, the directory policy, migrations and header chains are the shared
/// ``ApplicationHome``'s; what is the signer's own is its names, its schema and its vault (in the extensions).
public final class SignerHome {
    /// The directory name under `$XDG_DATA_HOME`.
    public static let application = SignerProgram.layout.application
    /// The database file name inside the home.
    public static let databaseName = SignerProgram.layout.databaseName

    /// The shared home this one is.
    public let home: ApplicationHome<SignerProgram>
    /// The home directory.
    public var directory: HomeDirectory { home.directory }
    /// The open signer database.
    public var database: Database { home.database }

    private init(_ home: ApplicationHome<SignerProgram>) { self.home = home }

    /// Creates the home (mode 0700) and its database if missing, or opens an existing one (`hf-signer init`).
    ///
    /// - Parameter explicit: the `--home` value, if any.
    /// - Throws: `SignerError.home` for a home that is not private; `.database`.
    public static func create(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(SignerError) -> SignerHome {
        SignerHome(try .create(explicit: explicit, environment: environment))
    }

    /// Opens an initialised home without creating anything.
    ///
    /// - Throws: `SignerError.notInitialized` when the home or its database is missing; `.home`; `.database`.
    public static func open(
        explicit: String?, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(SignerError) -> SignerHome {
        SignerHome(try .open(explicit: explicit, environment: environment))
    }

    /// Whether this process created the home directory (a first `init`, or `backup restore` into a new home).
    public var isNew: Bool { home.isNew }

    /// Removes the home again if this process created it (see ``isNew``): the last step of a failed first `init`,
    /// taken while the session still holds the lock. A home that existed is never touched.
    public func discardIfNew() { home.discardIfNew() }

    /// The validated header chain of `network`, backed by its header file (created on first use).
    ///
    /// - Throws: `SignerError.headerStore` when the store cannot be opened (e.g. damaged, or busy in another
    ///   process); `.headerStorage` when it cannot be read.
    public func headerChain(network: Network) throws(SignerError) -> HeaderChain {
        try home.headerChain(network: network)
    }
}

/// What the signer's home has of its own: its names, its schema and its error type.
public enum SignerProgram: HomeProgram {
    public typealias Failure = SignerError
    public static let layout = HomeLayout(
        application: "hf-signer", databaseName: "signer.sqlite", migrator: SignerSchema.migrator)
}

extension SignerError: HomeFailure {
    /// A header chain that cannot be loaded: a storage failure stays one (exit 74).
    public static func headerChain(_ error: HeaderChainError) -> SignerError { SignerError(error) }
}
