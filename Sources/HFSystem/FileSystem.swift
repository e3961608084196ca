/// The system calls that take a path rather than a descriptor.
public enum FileSystem {
    /// Renames `source` to `destination`, atomically replacing whatever is there (`rename(2)`).
    public static func rename(_ source: String, to destination: String) throws(Errno) {
        if system_rename(source, destination) != 0 { throw Errno(code: system_errno, call: .rename, path: destination) }
    }

    /// Makes `new` a second name of the file `existing` (`link(2)`); fails with `EEXIST` if anything is at `new`.
    static func link(_ existing: String, to new: String) throws(Errno) {
        if system_link(existing, new) != 0 { throw Errno(code: system_errno, call: .link, path: new) }
    }

    /// Removes the name `path` (`unlink(2)`).
    public static func remove(_ path: String) throws(Errno) {
        if system_unlink(path) != 0 { throw Errno(code: system_errno, call: .unlink, path: path) }
    }

    /// Removes `path` if it is there, ignoring every failure (a temporary file, a best-effort clean-up).
    public static func removeIfPresent(_ path: String) { _ = system_unlink(path) }

    /// Creates the directory `path` (`mkdir(2)`, narrowed by the umask: call ``setPermissions(_:_:)`` afterwards
    /// for an exact mode).
    public static func makeDirectory(_ path: String, permissions: FilePermissions) throws(Errno) {
        if system_mkdir(path, permissions.rawValue) != 0 { throw Errno(code: system_errno, call: .mkdir, path: path) }
    }

    /// Removes the empty directory `path` (`rmdir(2)`; fails with `ENOTEMPTY` when anything is in it).
    public static func removeDirectory(_ path: String) throws(Errno) {
        if system_rmdir(path) != 0 { throw Errno(code: system_errno, call: .rmdir, path: path) }
    }

    /// The absolute path of the existing `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`).
    ///
    /// For the ancestors of a private directory only: they are the user's own layout (a `/home` on another disk, a
    /// linked `~/.local`), so they are followed once, and what lies inside the resolved path is then opened without
    /// following links.
    public static func resolvedPath(_ path: String) throws(Errno) -> String {
        switch system_realpath(path) {
        case .success(let resolved): return resolved
        case .failure(let failure): throw Errno(code: failure.code, call: .realpath, path: path)
        }
    }

    /// Sets the permission bits of `path` exactly (`chmod(2)`, following a symbolic link: only for paths just
    /// created).
    public static func setPermissions(_ path: String, _ permissions: FilePermissions) throws(Errno) {
        if system_chmod(path, permissions.rawValue) != 0 { throw Errno(code: system_errno, call: .chmod, path: path) }
    }

    /// The status of `path` itself (`lstat(2)`: a symbolic link is reported as one, not followed).
    public static func linkStatus(_ path: String) throws(Errno) -> FileStatus {
        switch system_lstat(path) {
        case .success(let status): return status
        case .failure(let failure): throw Errno(code: failure.code, call: .lstat, path: path)
        }
    }

    /// Whether anything (a file, a directory, a dangling symbolic link) is at `path`.
    public static func exists(_ path: String) -> Bool {
        if case .success = system_lstat(path) { return true }
        return false
    }

    /// The names in the directory `path` (without `.` and `..`), opened with `O_NOFOLLOW` so a link is refused
    /// unless `followingLink`.
    public static func directoryEntries(_ path: String, followingLink: Bool = false) throws(Errno) -> [String] {
        let fd = try FileDescriptor.open(path, .readOnly, options: followingLink ? [.directory] : [.directory, .noFollow])
        switch system_directoryEntries(fd.rawValue) {
        case .success(let names): return names
        case .failure(let failure): throw Errno(code: failure.code, call: .readdir, path: path)
        }
    }

    /// Makes a new directory with a unique name starting `prefix` (`/tmp/name-` gives `/tmp/name-a1B2c3`), mode
    /// 0700, and returns its path.
    public static func makeTemporaryDirectory(prefix: String) throws(Errno) -> String {
        switch system_mkdtemp(prefix + "XXXXXX") {
        case .success(let path): return path
        case .failure(let error): throw Errno(code: error.code, call: .mkdir, path: prefix)
        }
    }

    /// Flushes the directory `path`, so that names created, renamed or removed in it are durable.
    ///
    /// File systems that cannot sync a directory (`EINVAL`) are accepted silently: nothing more can be done there.
    public static func syncDirectory(_ path: String) throws(Errno) {
        let fd = try FileDescriptor.open(path, .readOnly, options: [.directory])
        defer { fd.closeIgnoringErrors() }
        do throws(Errno) { try fd.sync() } catch {
            if error.code != Errno.invalidArgument { throw error.reported(at: path) }
        }
    }

    /// Flushes the directory that holds `path` (see ``syncDirectory(_:)``).
    public static func syncDirectory(containing path: String) throws(Errno) {
        try syncDirectory(parentDirectory(of: path))
    }

    /// The directory part of `path`: `"a/b"` → `"a"`, `"/b"` → `"/"`, `"b"` → `"."` (trailing slashes ignored).
    public static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last component of `path`: `"a/b"` → `"b"`, `"b/"` → `"b"`.
    public static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// Facts about this process and its environment.
public enum CurrentProcess {
    /// The process id (`getpid`; used in temporary file names).
    public static var id: CInt { system_getpid() }

    /// The effective user id (`geteuid`): the owner that private files and directories must have.
    public static var effectiveUserID: UInt32 { system_geteuid() }

    /// The value of the environment variable `name`, or nil when unset.
    public static func environment(_ name: String) -> String? { system_getenv(name) }

    /// Whether a process with id `pid` exists (`kill(pid, 0)`); tells a crashed writer's leftovers from live ones.
    public static func processExists(_ pid: CInt) -> Bool {
        system_kill(pid, 0) == 0 || system_errno == Errno.notPermitted
    }
}

/// The system's wall clock.
public enum SystemClock {
    /// Seconds since 1970-01-01 UTC (`time(2)`).
    public static var secondsSince1970: Int { system_time() }

    /// Waits `duration` (`nanosleep(2)`, resumed after a signal); for short polls such as waiting for a lock.
    public static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds > 0 || attoseconds > 0 else { return }
        system_nanosleep(Int(seconds), Int(attoseconds / 1_000_000_000))
    }
}
