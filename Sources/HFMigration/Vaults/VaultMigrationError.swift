public import HFStore

/// Why a vault migration stopped. Nothing was deleted that had not been verified in the new vault first; running the
/// same migration again continues it.
public enum VaultMigrationError: Error, Equatable, Sendable {
    /// A vault refused an operation.
    case vault(VaultError)
    /// The journal could not be read or written.
    case journal(reason: String)
    /// Another migration is unfinished; it must be completed first.
    case otherMigrationPending(VaultMigrationRecord)
    /// The bytes read back from the new vault differ from the old ones (the old item was kept).
    case verificationFailed(id: String)
    /// The new vault holds different bytes under ids the old vault still has; those old items were kept.
    case conflicts(ids: [String])
}

extension VaultMigrationError: CustomStringConvertible {
    /// A sentence naming the problem and the way on.
    public var description: String {
        switch self {
        case .vault(let error): error.description
        case .journal(let reason): "the vault migration journal failed: \(reason)"
        case .otherMigrationPending(let record):
            "a migration from the \(record.from.rawValue) vault to the \(record.to.rawValue) vault is unfinished; "
                + "finish it first with `hf-signer vault migrate --to \(record.to.rawValue)`"
        case .verificationFailed(let id):
            "'\(id)' read back from the new vault differs from the old one; nothing was deleted; check the disk"
        case .conflicts(let ids):
            "the new vault holds different bytes for \(ids.joined(separator: ", ")); the old items were kept; "
                + "compare them before deleting anything"
        }
    }
}
