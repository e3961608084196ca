/// The parts of `struct stat` that the package's safety checks look at.
public struct FileStatus: Hashable, Sendable {
    /// What kind of file system object a path names.
    public enum Kind: Hashable, Sendable {
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// A symbolic link (only reported by `lstat`).
        case symbolicLink
        /// Anything else: a device, a FIFO, a socket.
        case other
    }

    /// The kind of object.
    public let kind: Kind
    /// The permission bits (`st_mode & 0o777`).
    public let permissions: UInt32
    /// The owner's user id.
    public let owner: UInt32
    /// The size in bytes.
    public let size: Int

    /// A status with the given fields (HFSystem reads them from `stat`; tests build them by hand).
    public init(kind: Kind, permissions: UInt32, owner: UInt32, size: Int) {
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
        self.size = size
    }

    /// Whether the file belongs to the current (effective) user or to root: the owners a secret file that the user
    /// names may have. Running as root, a file of another user is refused: that user could have written it.
    public var isOwnedByCurrentUserOrRoot: Bool { owner == CurrentProcess.effectiveUserID || owner == 0 }

    /// Whether any group or other permission bit is set.
    public var isAccessibleByOthers: Bool { permissions & 0o077 != 0 }

    /// `0755`-style octal text for a permission value.
    public static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Permission bits for a new file or directory (`0o600`, `0o644`, …), set exactly: the umask never applies.
public struct FilePermissions: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// The bits, `0...0o777`.
    public let rawValue: UInt32

    /// Permission bits from a number; anything outside `0...0o777` is a programming error.
    public init(rawValue: UInt32) {
        precondition(rawValue <= 0o777, "FilePermissions: only the permission bits 0...0o777")
        self.rawValue = rawValue
    }

    /// `0o600` and the like.
    public init(integerLiteral value: UInt32) { self.init(rawValue: value) }

    /// Owner read and write (`0o600`): secrets, databases, private state.
    public static let ownerReadWrite: FilePermissions = 0o600
    /// Owner read and write, everyone read (`0o644`): exported bundles meant to be carried elsewhere.
    public static let ownerReadWriteOthersRead: FilePermissions = 0o644
    /// Owner only (`0o700`): private directories.
    public static let ownerAll: FilePermissions = 0o700
}
