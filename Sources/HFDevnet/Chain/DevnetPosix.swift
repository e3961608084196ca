#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every POSIX call the devnet makes, with `EINTR` retries; failures come back as the C library's text.
enum DevnetPosix {
    /// A failed call: the operation and `strerror(errno)`.
    struct Failure: Error {
        /// What was being done and why it failed, e.g. "fsync: no space left on device".
        let reason: String

        /// The failure of `operation` with the current `errno`.
        init(_ operation: String) {
            let code = errno
            reason = "\(operation): \(String(cString: strerror(code)))"
        }

        /// A failure described in words.
        init(reason: String) {
            self.reason = reason
        }
    }

    /// The status fields the devnet looks at.
    struct Status {
        /// The size in bytes.
        let size: Int
        /// The permission bits.
        let mode: UInt32
        /// The owner's user id.
        let owner: UInt32
        /// Whether it is a regular file.
        let isRegularFile: Bool
        /// Whether it is a directory.
        let isDirectory: Bool
    }

    /// Opens `path` with `flags` (adding `O_CLOEXEC`) and, when creating, `mode`.
    static func openFile(_ path: String, _ flags: Int32, mode: UInt32 = 0o600) throws(Failure) -> Int32 {
        while true {
            let fd = open(path, flags | O_CLOEXEC, mode_t(mode))
            if fd >= 0 { return fd }
            if errno != EINTR { throw Failure("open") }
        }
    }

    /// Closes `fd`, ignoring errors.
    static func closeFile(_ fd: Int32) { _ = close(fd) }

    /// The status of the file open on `fd`.
    static func status(_ fd: Int32) throws(Failure) -> Status {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure("fstat") }
        return Status(info)
    }

    /// The status of `path` (a symbolic link is reported as one), or nil when nothing is there.
    static func linkStatus(_ path: String) throws(Failure) -> Status? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw Failure("lstat")
        }
        return Status(info)
    }

    /// Reads the whole file open on `fd` (from offset 0).
    static func readAll(_ fd: Int32) throws(Failure) -> [UInt8] {
        let size = try status(fd).size
        var bytes = [UInt8](repeating: 0, count: size)
        // `withUnsafeMutableBytes` rethrows untyped errors, so the outcome travels as a value.
        let done = bytes.withUnsafeMutableBytes { buffer -> Result<Int, Failure> in
            guard let base = buffer.baseAddress else { return .success(0) }
            var done = 0
            while done < size {
                let count = pread(fd, base + done, size - done, off_t(done))
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(Failure("read"))
                }
                if count == 0 { break }
                done += count
            }
            return .success(done)
        }
        return Array(bytes[0..<(try done.get())])
    }

    /// Writes all of `bytes` at `offset`.
    static func write(_ fd: Int32, _ bytes: [UInt8], at offset: Int) throws(Failure) {
        let outcome = bytes.withUnsafeBytes { buffer -> Result<Void, Failure> in
            guard let base = buffer.baseAddress else { return .success(()) }
            var done = 0
            while done < buffer.count {
                let count = pwrite(fd, base + done, buffer.count - done, off_t(offset + done))
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(Failure("write"))
                }
                done += count
            }
            return .success(())
        }
        try outcome.get()
    }

    /// Flushes `fd`'s data and metadata to stable storage.
    static func sync(_ fd: Int32) throws(Failure) {
        while fsync(fd) != 0 {
            if errno != EINTR { throw Failure("fsync") }
        }
    }

    /// Sets the length of the file open on `fd`.
    static func truncate(_ fd: Int32, to length: Int) throws(Failure) {
        while ftruncate(fd, off_t(length)) != 0 {
            if errno != EINTR { throw Failure("ftruncate") }
        }
    }

    /// Sets the permission bits of the file open on `fd` exactly.
    static func changeMode(_ fd: Int32, _ mode: UInt32) throws(Failure) {
        guard fchmod(fd, mode_t(mode)) == 0 else { throw Failure("fchmod") }
    }

    /// Takes an exclusive advisory lock on `fd` without waiting; false when another descriptor holds it.
    static func tryLock(_ fd: Int32) throws(Failure) -> Bool {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK { return false }
            if errno != EINTR { throw Failure("flock") }
        }
        return true
    }

    /// Releases the `flock` held through `fd`, ignoring errors. The lock belongs to the open file description, so
    /// closing `fd` alone leaves it held while any copy of the descriptor lives on — such as the one a child process
    /// spawned by another thread holds until it `exec`s; an explicit unlock releases it for every copy at once.
    static func unlock(_ fd: Int32) {
        while flock(fd, LOCK_UN) != 0, errno == EINTR {}
    }

    /// Creates `path` (mode 0700) unless a directory is already there.
    static func makeDirectory(_ path: String) throws(Failure) {
        if let existing = try linkStatus(path) {
            guard existing.isDirectory else { throw Failure(reason: "not a directory") }
            return
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw Failure("mkdir") }
    }

    /// Syncs the directory `path`, so that entries created or renamed in it are durable.
    static func syncDirectory(_ path: String) throws(Failure) {
        let fd = try openFile(path, O_RDONLY | O_DIRECTORY)
        defer { closeFile(fd) }
        try sync(fd)
    }

    /// Renames `source` to `destination`, atomically replacing it.
    static func renameFile(_ source: String, to destination: String) throws(Failure) {
        guard rename(source, destination) == 0 else { throw Failure("rename") }
    }

    /// Removes `path`, ignoring errors.
    static func unlinkQuietly(_ path: String) { _ = unlink(path) }

    /// The effective user id of this process.
    static var effectiveUser: UInt32 { UInt32(geteuid()) }

    /// The process id.
    static var processID: Int32 { getpid() }

    /// Seconds since 1970-01-01 UTC, from the system clock.
    static var now: UInt32 {
        let seconds = time(nil)
        return seconds <= 0 ? 0 : UInt32(clamping: seconds)
    }
}

extension DevnetPosix.Status {
    /// The fields of a `stat` record.
    init(_ info: stat) {
        size = Int(info.st_size)
        mode = UInt32(info.st_mode) & 0o7777
        owner = UInt32(info.st_uid)
        isRegularFile = (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFREG)
        isDirectory = (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFDIR)
    }
}
