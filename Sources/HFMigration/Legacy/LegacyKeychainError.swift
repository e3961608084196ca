/// Why the legacy keychain could not be listed or an item could not be read or deleted. Never carries item data.
public enum LegacyKeychainError: Error, Equatable, Sendable {
    /// The keychain root or the service directory cannot be listed: the enumeration failed as a whole.
    case enumerationFailed(path: String, reason: String)
    /// A file name in the service directory is not a valid encoded account name.
    case malformedAccountName(String)
    /// One item cannot be read (a dangling link, not a regular file, too large, an I/O error).
    case itemUnreadable(account: String, reason: String)
    /// One item cannot be deleted.
    case deleteFailed(account: String, reason: String)
    /// Only wallet mnemonic accounts may ever be deleted.
    case deletionNotAllowed(account: String)
}

extension LegacyKeychainError: CustomStringConvertible {
    /// A sentence naming the problem (account names of mnemonic items are not logged by callers).
    public var description: String {
        switch self {
        case .enumerationFailed(let path, let reason): "cannot list the legacy keychain '\(path)': \(reason)"
        case .malformedAccountName(let name): "the legacy keychain holds a file with a malformed account name '\(name)'"
        case .itemUnreadable(_, let reason): "a legacy keychain item cannot be read: \(reason)"
        case .deleteFailed(_, let reason): "a legacy keychain item cannot be deleted: \(reason)"
        case .deletionNotAllowed: "only legacy wallet mnemonic accounts may be deleted"
        }
    }
}
