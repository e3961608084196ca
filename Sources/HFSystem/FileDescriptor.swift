/// An open file descriptor, in swift-system's shape: a plain value whose methods are the system calls, each retried
/// on `EINTR` and throwing ``Errno`` (with the call's name) right after a failure.
///
/// The value does not own the descriptor: call ``close()`` (or ``unlockAndClose()`` for a locked one) exactly once.
/// Every descriptor HFSystem opens has `O_CLOEXEC`, so a spawned child never inherits it past `exec`.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The C descriptor.
    public let rawValue: CInt

    /// Wraps a descriptor opened elsewhere (a terminal, a pipe, standard input).
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// Descriptor 0.
    public static let standardInput = FileDescriptor(rawValue: 0)
    /// Descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: 1)
    /// Descriptor 2.
    public static let standardError = FileDescriptor(rawValue: 2)
}

extension FileDescriptor {
    /// How a file is opened: `O_RDONLY`, `O_WRONLY` or `O_RDWR`.
    public struct AccessMode: Hashable, Sendable {
        let flags: CInt
        /// `O_RDONLY`.
        public static let readOnly = AccessMode(flags: system_O_RDONLY)
        /// `O_WRONLY`.
        public static let writeOnly = AccessMode(flags: system_O_WRONLY)
        /// `O_RDWR`.
        public static let readWrite = AccessMode(flags: system_O_RDWR)
    }

    /// The `open(2)` flags besides the access mode. `O_CLOEXEC` is always added.
    public struct OpenOptions: OptionSet, Hashable, Sendable {
        public let rawValue: CInt
        public init(rawValue: CInt) { self.rawValue = rawValue }

        /// `O_CREAT`: create the file if it is missing, with the permissions passed to `open`.
        public static let create = OpenOptions(rawValue: system_O_CREAT)
        /// `O_EXCL` (with ``create``): fail with `EEXIST` if anything is at the path, even a dangling link.
        public static let exclusiveCreate = OpenOptions(rawValue: system_O_EXCL)
        /// `O_TRUNC`: empty the file.
        public static let truncate = OpenOptions(rawValue: system_O_TRUNC)
        /// `O_APPEND`: every write goes to the end.
        public static let append = OpenOptions(rawValue: system_O_APPEND)
        /// `O_NOFOLLOW`: fail with `ELOOP` if the last component is a symbolic link.
        public static let noFollow = OpenOptions(rawValue: system_O_NOFOLLOW)
        /// `O_DIRECTORY`: fail unless the path is a directory.
        public static let directory = OpenOptions(rawValue: system_O_DIRECTORY)
        /// `O_NONBLOCK`: never wait in `open` (a FIFO without a writer) or in reads.
        public static let nonBlocking = OpenOptions(rawValue: system_O_NONBLOCK)
        /// `O_NOCTTY`: a terminal never becomes the controlling terminal.
        public static let noControllingTerminal = OpenOptions(rawValue: system_O_NOCTTY)
    }

    // MARK: - Opening and closing

    /// Opens `path` (`open(2)` with `O_CLOEXEC` added).
    ///
    /// - Parameter permissions: the mode of a file that ``OpenOptions/create`` creates (narrowed by the umask;
    ///   call ``setPermissions(_:)`` for an exact mode).
    public static func open(
        _ path: String, _ mode: AccessMode, options: OpenOptions = [], permissions: FilePermissions? = nil,
        retryOnInterrupt: Bool = true
    ) throws(Errno) -> FileDescriptor {
        let flags = mode.flags | options.rawValue | system_O_CLOEXEC
        let bits = permissions?.rawValue ?? 0
        switch valueOrErrno(retryOnInterrupt: retryOnInterrupt, { system_open(path, flags, bits) }) {
        case .success(let fd): return FileDescriptor(rawValue: fd)
        case .failure(let failure): throw Errno(code: failure.code, call: .open, path: path)
        }
    }

    /// Opens `path` without following a final symbolic link, creating it when missing with exactly `permissions`.
    ///
    /// A missing file is created with `O_CREAT | O_EXCL` and then given `permissions` with `fchmod`, so the umask
    /// never narrows them (a 0600 file stays writable by its owner whatever the umask); if that fails, the new file is
    /// removed again. An existing file is opened as it is: checking its owner and mode is the caller's business.
    /// - Parameter options: further flags (``OpenOptions/truncate``, ``OpenOptions/append``); ``OpenOptions/create``
    ///   and ``OpenOptions/exclusiveCreate`` are decided here.
    /// - Returns: the descriptor and whether this call created the file.
    public static func openCreatingExactly(
        _ path: String, _ mode: AccessMode, permissions: FilePermissions, options: OpenOptions = []
    ) throws(Errno) -> (descriptor: FileDescriptor, created: Bool) {
        let plain = options.union(.noFollow).subtracting([.create, .exclusiveCreate])
        // A file removed between the failed exclusive create and the plain open is simply created on the next round.
        for _ in 0..<8 {
            let fd: FileDescriptor
            do throws(Errno) {
                fd = try open(path, mode, options: plain.union([.create, .exclusiveCreate]), permissions: permissions)
            } catch where error.code == Errno.fileExists {
                do throws(Errno) { return (try open(path, mode, options: plain), false) } catch {
                    if error.code == Errno.noSuchFileOrDirectory { continue }
                    throw error
                }
            }
            do throws(Errno) { try fd.setPermissions(permissions) } catch {
                fd.closeIgnoringErrors()
                FileSystem.removeIfPresent(path)
                throw error.reported(at: path)
            }
            return (fd, true)
        }
        return (try open(path, mode, options: plain), false)
    }

    /// Closes the descriptor (`close(2)`, never retried: Linux frees the descriptor even when it reports `EINTR`).
    public func close() throws(Errno) {
        if system_close(rawValue) != 0 { throw Errno(code: system_errno, call: .close) }
    }

    /// Closes the descriptor and ignores a failure: after a successful ``sync()`` nothing useful can be learnt.
    public func closeIgnoringErrors() { _ = system_close(rawValue) }

    // MARK: - Reading

    /// One `read(2)` into `buffer`: the count read, 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        let result = valueOrErrno(retryOnInterrupt: retryOnInterrupt) {
            system_read(rawValue, buffer.baseAddress, buffer.count)
        }
        switch result {
        case .success(let count): return count
        case .failure(let failure): throw Errno(code: failure.code, call: .read)
        }
    }

    /// Fills `buffer` from `offset` (`pread(2)` until full or end of file).
    ///
    /// - Returns: the count read, less than `buffer.count` only at end of file.
    public func read(fromAbsoluteOffset offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let result = valueOrErrno { system_pread(rawValue, base + done, buffer.count - done, offset + done) }
            switch result {
            case .success(0): return done
            case .success(let count): done += count
            case .failure(let failure): throw Errno(code: failure.code, call: .pread)
            }
        }
        return done
    }

    /// The whole file from offset 0, as long as ``status()`` says it is (a file that shrinks meanwhile ends sooner).
    public func readAllBytes() throws(Errno) -> [UInt8] {
        let size = try status().size
        var bytes = [UInt8](repeating: 0, count: size)
        // `withUnsafeMutableBytes` rethrows untyped errors, so the outcome travels as a value.
        let outcome = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(Errno) in try read(fromAbsoluteOffset: 0, into: buffer) }
        }
        let count = try outcome.get()
        return count == size ? bytes : Array(bytes[..<count])
    }

    // MARK: - Writing

    /// Writes every byte of `bytes` at the current position (`write(2)` until done).
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            switch valueOrErrno({ system_write(rawValue, base + done, bytes.count - done) }) {
            case .success(let count): done += count
            case .failure(let failure): throw Errno(code: failure.code, call: .write)
            }
        }
    }

    /// Writes every byte of `bytes` at the current position.
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        let outcome = bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try writeAll(buffer) } }
        try outcome.get()
    }

    /// Writes every byte of `bytes` at `offset` (`pwrite(2)` until done; the position does not move).
    public func writeAll(toAbsoluteOffset offset: Int, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            switch valueOrErrno({ system_pwrite(rawValue, base + done, bytes.count - done, offset + done) }) {
            case .success(let count): done += count
            case .failure(let failure): throw Errno(code: failure.code, call: .pwrite)
            }
        }
    }

    /// Writes every byte of `bytes` at `offset`.
    public func writeAll(toAbsoluteOffset offset: Int, _ bytes: [UInt8]) throws(Errno) {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(Errno) in try writeAll(toAbsoluteOffset: offset, buffer) }
        }
        try outcome.get()
    }

    // MARK: - Durability, length, mode, status

    /// Flushes the file's data and metadata to stable storage (`fsync(2)`).
    public func sync() throws(Errno) {
        if case .failure(let failure) = valueOrErrno({ system_fsync(rawValue) }) {
            throw Errno(code: failure.code, call: .fsync)
        }
    }

    /// Sets the file's length (`ftruncate(2)`; not yet durable: call ``sync()``).
    public func resize(to length: Int) throws(Errno) {
        if case .failure(let failure) = valueOrErrno({ system_ftruncate(rawValue, length) }) {
            throw Errno(code: failure.code, call: .ftruncate)
        }
    }

    /// Sets the permission bits exactly (`fchmod(2)`; the umask does not apply).
    public func setPermissions(_ permissions: FilePermissions) throws(Errno) {
        if case .failure(let failure) = valueOrErrno({ system_fchmod(rawValue, permissions.rawValue) }) {
            throw Errno(code: failure.code, call: .fchmod)
        }
    }

    /// The status of the open file (`fstat(2)`).
    public func status() throws(Errno) -> FileStatus {
        switch system_fstat(rawValue) {
        case .success(let status): return status
        case .failure(let failure): throw Errno(code: failure.code, call: .fstat)
        }
    }

    // MARK: - Locks

    /// Takes an exclusive advisory lock without waiting (`flock(LOCK_EX | LOCK_NB)`).
    ///
    /// The lock belongs to the open file description: it conflicts with any other `open` of the same file, in this
    /// process or another, and the kernel releases it when the process dies. Release it with ``unlockAndClose()``.
    /// - Returns: false when another open file description holds it (`EWOULDBLOCK`).
    public func tryLockExclusive() throws(Errno) -> Bool {
        switch valueOrErrno({ system_flock(rawValue, system_LOCK_EX | system_LOCK_NB) }) {
        case .success: return true
        case .failure(let failure) where failure.code == Errno.wouldBlock: return false
        case .failure(let failure): throw Errno(code: failure.code, call: .flock)
        }
    }

    /// Releases a lock taken with ``tryLockExclusive()`` (`flock(LOCK_UN)`), ignoring errors.
    public func unlock() {
        _ = valueOrErrno { system_flock(rawValue, system_LOCK_UN) }
    }

    /// Unlocks, then closes: the rule for every locked descriptor.
    ///
    /// Closing alone leaves the lock held while any copy of the descriptor lives on — such as the one a child
    /// process spawned by another thread holds until it `exec`s; an explicit unlock releases it for every copy of the
    /// open file description at once.
    public func unlockAndClose() {
        unlock()
        closeIgnoringErrors()
    }
}

extension FileDescriptor {
    /// A pipe whose ends are close-on-exec: (read end, write end).
    /// - Throws: ``Errno`` of `pipe`.
    public static func makePipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        switch system_pipe() {
        case .success(let ends): return (FileDescriptor(rawValue: ends.0), FileDescriptor(rawValue: ends.1))
        case .failure(let error): throw Errno(code: error.code, call: .pipe)
        }
    }
}
