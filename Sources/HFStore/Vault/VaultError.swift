/// Why the keyshare vault refused an operation. No case carries secret material.
public enum VaultError: Error, Equatable, Sendable {
    /// The store passphrase does not open this vault.
    case wrongPassphrase
    /// The vault was never created in this store.
    case notCreated
    /// A vault already exists here.
    case alreadyCreated
    /// The passphrase is empty.
    case emptyPassphrase
    /// The id breaks ``VaultID``'s rule (empty, too long, characters outside `[a-z0-9._-]`, a bad first character).
    case invalidID(String)
    /// The id looks like a secret (long hex, a phrase); it is not repeated here.
    case secretLikeID
    /// A vault directory or item is not private (too open, not owned, a link, not a directory or file).
    case unsafeLocation(reason: String)
    /// A file system call failed.
    case file(FileSystemError)
    /// A vault file is not in the expected format or fails its checksum: nothing was read or changed.
    case corrupted(path: String, reason: String)
    /// Nothing is stored under the id.
    case missing(id: String)
    /// The stored item does not decrypt although the passphrase is right: it was altered or moved.
    case damaged(id: String)
    /// The vault's parameters are outside what this version accepts.
    case unsupportedParameters(iterations: Int)
    /// The database failed.
    case database(DatabaseError)
}

extension VaultError: DatabaseErrorConvertible {
    public init(databaseError: DatabaseError) { self = .database(databaseError) }
}

extension VaultError: CustomStringConvertible {
    /// A sentence naming the problem and what to do.
    public var description: String {
        switch self {
        case .wrongPassphrase: "the store passphrase is wrong"
        case .notCreated: "this home has no key vault; run `hf-signer init`"
        case .alreadyCreated: "this home already has a key vault"
        case .emptyPassphrase: "the store passphrase must not be empty"
        case .invalidID(let id):
            "'\(id.count > 24 ? String(id.prefix(8)) + "…" : id)' is not a valid vault id "
                + "(1-100 characters of a-z, 0-9, '.', '_' and '-', starting with a letter or digit)"
        case .secretLikeID:
            "a vault id must not look like a secret (long hex, a phrase); use a stable name such as wallet-<walletId>"
        case .unsafeLocation(let reason): "the vault location is not private: \(reason)"
        case .file(let error): error.description
        case .corrupted(let path, let reason):
            "the vault file '\(path)' is damaged (\(reason)); nothing was changed; restore it from a backup"
        case .missing(let id): "the vault holds nothing under '\(id)'"
        case .damaged(let id): "the vault item '\(id)' is damaged or was altered; restore it from a backup"
        case .unsupportedParameters(let iterations):
            "the vault uses \(iterations) PBKDF2 iterations, outside the accepted 600000-10000000"
        case .database(let error): error.description
        }
    }
}
