import HFSystem

/// The rule shared by home directories and secret files: the object belongs to the current user and nobody else
/// may read, write or enter it.
enum PrivateAccess {
    /// Why an object fails the rule.
    enum Problem: Equatable {
        /// It is owned by another user.
        case notOwned(owner: UInt32, user: UInt32)
        /// A group or other permission bit is set (`permissions` is the whole `0o777` part).
        case tooOpen(permissions: UInt32)
    }

    /// The first problem with `status`, or nil when only the owner (the current user) has access.
    ///
    /// Ownership is checked first: `chmod` cannot help with a file that belongs to someone else.
    static func problem(with status: FileStatus) -> Problem? {
        let user = CurrentProcess.effectiveUserID
        if status.owner != user { return .notOwned(owner: status.owner, user: user) }
        if status.isAccessibleByOthers { return .tooOpen(permissions: status.permissions) }
        return nil
    }
}
