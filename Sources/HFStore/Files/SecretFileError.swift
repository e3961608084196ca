import HFSystem

/// Why a secret file (a key file, a passphrase file, a vault item) was refused.
///
/// No case carries any byte of the file.
public enum SecretFileError: Error, Equatable, Hashable, Sendable {
    /// Nothing exists at `path`.
    case missing(path: String)
    /// `path` is a symbolic link; secret files are read only through their real path.
    case symbolicLink(path: String)
    /// `path` is a directory, a device or a FIFO rather than a regular file.
    case notRegularFile(path: String)
    /// The file belongs to user `owner`, not to the current user `user`.
    case notOwned(path: String, owner: UInt32, user: UInt32)
    /// Group or others have some access (`permissions` are the `0o777` bits).
    case tooOpen(path: String, permissions: UInt32)
    /// The file is larger than `limit` bytes.
    case tooLarge(path: String, limit: Int)
    /// The file grew while it was being read.
    case changedWhileReading(path: String)
    /// A system call failed.
    case system(FileSystemError)
}

extension SecretFileError: CustomStringConvertible {
    /// A sentence saying what is wrong with the file and how to fix it.
    public var description: String {
        switch self {
        case .missing(let path):
            "secret file '\(path)' does not exist; check the path"
        case .symbolicLink(let path):
            "secret file '\(path)' is a symbolic link; give the path of the file itself"
        case .notRegularFile(let path):
            "secret file '\(path)' is not a regular file; give the path of a file"
        case .notOwned(let path, let owner, let user):
            "secret file '\(path)' belongs to user \(owner), not to you (user \(user)); "
                + "use a file you own (copy it with `install -m 600`)"
        case .tooOpen(let path, let permissions):
            "secret file '\(path)' is accessible by group or others (mode \(FileStatus.octal(permissions))); "
                + "run `chmod 600 \(path)`"
        case .tooLarge(let path, let limit):
            "secret file '\(path)' is larger than \(limit) bytes; check that it is the right file"
        case .changedWhileReading(let path):
            "secret file '\(path)' changed while it was being read; try again when nothing is writing to it"
        case .system(let error):
            error.description
        }
    }
}
