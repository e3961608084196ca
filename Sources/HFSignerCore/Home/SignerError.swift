public import HFSystem
public import HFBundles
public import HFMigration
public import HFSPV
public import HFHome
public import HFStore
public import HFWallet

/// Why a signer operation failed. The command line maps each case to an exit code (docs/design.md §8).
public enum SignerError: Error, Equatable, Sendable {
    /// The home directory cannot be used (too open, not owned, a symbolic link, …).
    case home(HomeDirectoryError)
    /// The home has not been initialised.
    case notInitialized(path: String)
    /// The signer database failed.
    case database(DatabaseError)
    /// The header store failed.
    case headerStore(HeaderStoreError)
    /// Another command holds the home (or its lock file cannot be opened).
    case homeLock(HomeLockError)
    /// A bundle was refused: `reason` says which check failed (and where).
    case rejected(reason: String)
    /// A bundle failed its strict decoding (docs/design.md §4); nothing was stored.
    case bundle(BundleError)
    /// A payment cannot be planned (no coins, over 100 KB, a bad recipient…); nothing was signed or kept.
    case payment(PaymentError)
    /// A move of every coin (`wallet move`) cannot be planned (nothing to move, over 100 KB…); nothing was signed
    /// or kept.
    case move(MoveError)
    /// A header run broke a rule of the chain (docs/design.md §5); the chain and its store are unchanged.
    case header(HeaderRejection)
    /// A receipt's SPV verdict was not `verified` (docs/design.md §5: the verdicts stay distinct); `subject` names it.
    case inclusion(InclusionVerdict, subject: String)
    /// The header chain's storage failed to read or write (an I/O failure, not a rejection).
    case headerStorage(reason: String)
    /// A vault migration failed (`vault migrate`).
    case vaultMigration(VaultMigrationError)
    /// A secret or a confirmation could not be had from the executable (its prompt or file refused).
    case input(reason: String, code: String, status: ExitStatus)
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// The key vault refused (e.g. a wrong store passphrase).
    case vault(VaultError)
    /// An output file could not be created; the store's changes were rolled back.
    case cannotCreate(reason: String)
    /// Legacy wallet material is not migrated yet (or the legacy keychain cannot be read): try again later.
    case migrationDeferred(reason: String)
    /// A removal or wipe was not authorized; nothing was deleted.
    case notAuthorized(reason: String)
    /// A wipe or removal failed part way; `reason` says what was kept.
    case wipeFailed(reason: String)
    /// The spending policy refused a payment or a change to itself (issue 16).
    case policy(SpendingPolicyError)
    /// The system random generator failed a health test before a key was made (`hf-signer keys selftest`); the
    /// result names the test. Nothing was generated or written.
    case generatorSelfTest(GeneratorTestResult)
}

extension SignerError: CustomStringConvertible {
    /// A sentence naming the problem and, where there is one, the fix.
    public var description: String {
        switch self {
        case .home(let error): error.description
        case .notInitialized(let path): "no signer home at '\(path)'; run `hf-signer init` first"
        case .database(let error): error.description
        case .headerStore(let error): error.description
        case .homeLock(let error): error.description
        case .rejected(let reason): reason
        case .bundle(let error): error.description
        case .payment(let error): error.description
        case .move(let error): error.description
        case .header(let rejection): rejection.description
        case .inclusion(let verdict, let subject): "\(subject): \(verdict.explanation)"
        case .headerStorage(let reason): "the header store failed: \(reason)"
        case .input(let reason, _, _): reason
        case .vaultMigration(.vault(.file(let error))) where error.operation == .lock:
            "another vault migration is running in this home; try again when it has finished"
        case .vaultMigration(.vault(let error)): error.description
        case .vaultMigration(let error): error.description
        case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
        case .vault(let error): error.description
        case .cannotCreate(let reason): reason
        case .migrationDeferred(let reason): reason
        case .notAuthorized(let reason): reason
        case .wipeFailed(let reason): reason
        case .policy(let error): error.description
        case .generatorSelfTest(let result):
            "the system random generator failed its health test '\(result.test.rawValue)': \(result.detail); "
                + "nothing was generated (see `hf-signer keys selftest`)"
        }
    }
}

extension SignerError {
    /// Wraps a header-chain failure: rejections as `.header`, storage failures as `.headerStorage` (exit 74).
    public init(_ error: HeaderChainError) {
        switch error {
        case .rejected(let rejection): self = .header(rejection)
        case .storageFailed(let reason): self = .headerStorage(reason: reason)
        }
    }
}

extension SignerError: DatabaseErrorConvertible {
    /// A database failure inside a signer transaction.
    public init(databaseError: DatabaseError) { self = .database(databaseError) }
}

extension SignerError {
    /// Wraps a host-boundary failure.
    public init(_ error: WalletHostError) {
        switch error {
        case .vault(let vault): self = .vault(vault)
        case .database(let database): self = .database(database)
        default: self = .rejected(reason: error.description)
        }
    }
}
