#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts of `struct stat` that HFStore's safety checks look at.
struct FileStatus: Equatable {
    /// What kind of file system object a path names.
    enum Kind: Equatable {
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
    let kind: Kind
    /// The permission bits (`st_mode & 0o777`).
    let permissions: UInt32
    /// The owner's user id.
    let owner: UInt32
    /// The size in bytes.
    let size: Int

    /// Extracts the fields from a `stat` result.
    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        permissions = UInt32(info.st_mode & 0o777)
        owner = UInt32(info.st_uid)
        size = Int(info.st_size)
    }

    /// Whether any group or other permission bit is set.
    var isAccessibleByOthers: Bool { permissions & 0o077 != 0 }

    /// `0755`-style octal text for a permission value.
    static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
