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
    /// The id is empty, too long or has characters outside `[a-z0-9-]`.
    case invalidID(String)
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
        case .invalidID(let id): "'\(id)' is not a valid vault id (1-100 characters of a-z, 0-9 and -)"
        case .missing(let id): "the vault holds nothing under '\(id)'"
        case .damaged(let id): "the vault item '\(id)' is damaged or was altered; restore it from a backup"
        case .unsupportedParameters(let iterations):
            "the vault uses \(iterations) PBKDF2 iterations, outside the accepted 600000-10000000"
        case .database(let error): error.description
        }
    }
}
