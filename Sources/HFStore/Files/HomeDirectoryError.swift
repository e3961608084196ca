import HFSystem

/// Why a home directory (`--home`, or the default under `$XDG_DATA_HOME`) cannot be used.
public enum HomeDirectoryError: Error, Equatable, Hashable, Sendable {
    /// No `--home` was given and neither `$XDG_DATA_HOME` (absolute) nor `$HOME` is set.
    case noLocation
    /// Nothing exists at `path` (only when checking without creating).
    case missing(path: String)
    /// `path` is a symbolic link; the home must be a real directory.
    case symbolicLink(path: String)
    /// Something other than a directory is at `path`.
    case notDirectory(path: String)
    /// The directory belongs to user `owner`, not to the current user `user`.
    case notOwned(path: String, owner: UInt32, user: UInt32)
    /// Group or others may read, write or enter the directory (`permissions` are the `0o777` bits).
    case tooOpen(path: String, permissions: UInt32)
    /// `path`, inside the home, is a symbolic link (`isLink`) or a device, FIFO or socket: the home's files are
    /// never reached through a link.
    case entryNotPlain(path: String, isLink: Bool)
    /// `path`, inside the home, belongs to user `owner`, not to the current user `user`.
    case entryNotOwned(path: String, owner: UInt32, user: UInt32)
    /// Group or others may access `path`, inside the home (`permissions` are its `0o777` bits); `isDirectory` says
    /// which mode fixes it (0700 or 0600).
    case entryTooOpen(path: String, permissions: UInt32, isDirectory: Bool)
    /// A system call failed while creating or inspecting the directory.
    case system(FileSystemError)
}

extension HomeDirectoryError: CustomStringConvertible {
    /// A sentence saying what is wrong with the home directory and how to fix it.
    public var description: String {
        switch self {
        case .noLocation:
            "cannot find a home directory: neither XDG_DATA_HOME nor HOME is set; give --home DIR"
        case .missing(let path):
            "home directory '\(path)' does not exist; create it (or let the program create it) or give another --home"
        case .symbolicLink(let path):
            "home directory '\(path)' is a symbolic link; give the real directory with --home"
        case .notDirectory(let path):
            "home '\(path)' is not a directory; move it away or give another --home"
        case .notOwned(let path, let owner, let user):
            "home directory '\(path)' belongs to user \(owner), not to you (user \(user)); "
                + "use a directory you own (--home DIR)"
        case .tooOpen(let path, let permissions):
            "home directory '\(path)' is accessible by group or others (mode \(FileStatus.octal(permissions))); "
                + "run `chmod 700 \(path)`"
        case .entryNotPlain(let path, true):
            "'\(path)' in the home is a symbolic link; the home's files are never read through links: "
                + "replace it with the file itself (or move it away)"
        case .entryNotPlain(let path, false):
            "'\(path)' in the home is not a regular file or directory; move it away"
        case .entryNotOwned(let path, let owner, let user):
            "'\(path)' in the home belongs to user \(owner), not to you (user \(user)); "
                + "run `chown \(user) \(path)`" + (user == 0 ? "" : " as root")
        case .entryTooOpen(let path, let permissions, let isDirectory):
            "'\(path)' in the home is accessible by group or others (mode \(FileStatus.octal(permissions))); "
                + "run `chmod \(isDirectory ? "700" : "600") \(path)`"
        case .system(let error):
            error.description
        }
    }
}
