public import HFStore

/// Why removing a wallet's state failed.
public enum WalletRemovalError: Error, Equatable, Sendable, DatabaseErrorConvertible {
    case database(DatabaseError)
    case vault(VaultError)

    public init(databaseError: DatabaseError) { self = .database(databaseError) }
}

extension WalletRemovalError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .database(let error): error.description
        case .vault(let error): error.description
        }
    }
}
