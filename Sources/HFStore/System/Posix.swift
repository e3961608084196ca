#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every POSIX call HFStore makes, with `EINTR` retries and `errno` capture in one place.
///
/// Functions return the C result or, on failure, the `errno` value as `Errno`; callers turn that into their own
/// error type together with the path and the operation.
enum Posix {
    /// An `errno` value captured right after a failing call.
    struct Errno: Error, Equatable {
        /// The C error number (`ENOENT`, `EACCES`, …).
        let code: Int32

        /// The `errno` of the call that just failed.
        static var current: Errno { Errno(code: errno) }
    }

    // MARK: - Descriptors

    /// Opens `path` with `flags` (always adding `O_CLOEXEC`) and, when creating, `mode`.
    static func openFile(_ path: String, _ flags: Int32, mode: UInt32 = 0) -> Result<Int32, Errno> {
        while true {
            let fd = open(path, flags | O_CLOEXEC, mode_t(mode))
            if fd >= 0 { return .success(fd) }
            if errno != EINTR { return .failure(.current) }
        }
    }

    /// Closes `fd`, ignoring errors: after a successful `fsync` nothing useful can be learnt from `close`.
    static func closeFile(_ fd: Int32) { _ = close(fd) }

    /// Writes all of `bytes` at `offset` (or at the current position when `offset` is nil).
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) -> Errno? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let count =
                if let offset {
                    pwrite(fd, base + done, bytes.count - done, off_t(offset + done))
                } else {
                    write(fd, base + done, bytes.count - done)
                }
            if count < 0 {
                if errno == EINTR { continue }
                return .current
            }
            done += count
        }
        return nil
    }

    /// Reads exactly `buffer.count` bytes at `offset`.
    ///
    /// - Returns: the number of bytes read, which is less than requested only at end of file.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Result<Int, Errno> {
        guard let base = buffer.baseAddress else { return .success(0) }
        var done = 0
        while done < buffer.count {
            let count = pread(fd, base + done, buffer.count - done, off_t(offset + done))
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.current)
            }
            if count == 0 { break }
            done += count
        }
        return .success(done)
    }

    /// Flushes `fd`'s data and metadata to stable storage.
    static func sync(_ fd: Int32) -> Errno? {
        while fsync(fd) != 0 {
            if errno != EINTR { return .current }
        }
        return nil
    }

    /// Sets the length of the file open on `fd`.
    static func truncate(_ fd: Int32, to length: Int) -> Errno? {
        while ftruncate(fd, off_t(length)) != 0 {
            if errno != EINTR { return .current }
        }
        return nil
    }

    /// Sets the permission bits of the file open on `fd` exactly (the umask does not apply).
    static func changeMode(_ fd: Int32, _ mode: UInt32) -> Errno? {
        fchmod(fd, mode_t(mode)) == 0 ? nil : .current
    }

    /// Takes an exclusive advisory lock on `fd` without waiting (`flock(LOCK_EX | LOCK_NB)`).
    ///
    /// The lock belongs to the open file description: it conflicts with any other `open` of the same file, in this
    /// process or another, and the kernel releases it when the descriptor is closed or the process dies.
    static func lockExclusively(_ fd: Int32) -> Errno? {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno != EINTR { return .current }
        }
        return nil
    }

    /// Releases the lock taken with ``lockExclusively(_:)``, ignoring errors. Closing the descriptor alone leaves the
    /// lock held while any copy of it lives on — such as the one a child process spawned by another thread holds
    /// until it `exec`s; an explicit unlock releases it for every copy of the open file description at once.
    static func unlock(_ fd: Int32) {
        while flock(fd, LOCK_UN) != 0, errno == EINTR {}
    }

    // MARK: - Paths

    /// Renames `source` to `destination`, atomically replacing it.
    static func move(_ source: String, to destination: String) -> Errno? {
        rename(source, destination) == 0 ? nil : .current
    }

    /// Makes `destination` a new name of `source`, failing with `EEXIST` if anything is there.
    static func hardLink(_ source: String, to destination: String) -> Errno? {
        link(source, destination) == 0 ? nil : .current
    }

    /// Removes the file at `path`.
    static func remove(_ path: String) -> Errno? {
        unlink(path) == 0 ? nil : .current
    }

    /// Creates the directory `path` with `mode` (narrowed by the umask; callers set the exact mode afterwards).
    static func makeDirectory(_ path: String, mode: UInt32) -> Errno? {
        mkdir(path, mode_t(mode)) == 0 ? nil : .current
    }

    /// Sets the permission bits of `path` exactly (following a symbolic link: only for paths just created).
    static func changeMode(_ path: String, _ mode: UInt32) -> Errno? {
        chmod(path, mode_t(mode)) == 0 ? nil : .current
    }

    /// The status of `path` itself (a symbolic link is reported as one, not followed).
    static func linkStatus(_ path: String) -> Result<FileStatus, Errno> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(.current) }
        return .success(FileStatus(info))
    }

    /// The status of the file open on `fd`.
    static func status(_ fd: Int32) -> Result<FileStatus, Errno> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.current) }
        return .success(FileStatus(info))
    }

    // MARK: - Process

    /// The effective user id of this process: the owner that files and directories must have.
    static var effectiveUser: UInt32 { UInt32(geteuid()) }

    /// The process id (used in temporary file names).
    static var processID: Int32 { getpid() }

    /// The value of the environment variable `name`, or nil when unset.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The C library's text for `code` (`strerror`), lowercased at the start: "no such file or directory".
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
