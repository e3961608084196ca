import HFCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file's contents all at once: after a crash the file holds the old contents or the new, never a mix.
///
/// The new bytes go to a temporary file in the same directory (`.<name>.tmp-<pid>-<random>`, created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW` and the requested mode set exactly, whatever the umask), which is written and
/// `fsync`ed, renamed over `path`, and then the directory is synced so that the rename itself is durable. If any
/// step before the rename fails, the temporary file is removed and `path` is untouched.
public enum AtomicFile {
    /// Atomically creates or replaces `path` with `contents`.
    ///
    /// - Parameters:
    ///   - contents: the complete new contents.
    ///   - path: the file to replace; a symbolic link at `path` is replaced by the file, never followed.
    ///   - mode: the permission bits of the new file (default 0600, owner read/write only).
    /// - Throws: ``FileSystemError`` naming the step that failed.
    public static func write(_ contents: [UInt8], to path: String, mode: Int = 0o600) throws(FileSystemError) {
        // `Array.withUnsafeBytes` rethrows untyped errors, so the typed error travels in a `Result`.
        let outcome = contents.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try write(buffer, to: path, mode: mode, writer: .system) }
        }
        try outcome.get()
    }

    /// Atomically creates `path` with `contents`, refusing to replace anything there: the complete file appears at
    /// once (hard-linked from the synced temporary file), or nothing does. Never a 0-byte or partial file at `path`.
    ///
    /// - Throws: ``FileSystemError`` with operation `.create` and `EEXIST` when something is at `path`.
    public static func createNew(_ contents: [UInt8], at path: String, mode: Int = 0o644) throws(FileSystemError) {
        let outcome = contents.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in
                try write(buffer, to: path, mode: mode, writer: .system, replacing: false)
            }
        }
        try outcome.get()
    }

    /// Whether anything (a file, a directory, a dangling symbolic link) is at `path`.
    public static func somethingExists(at path: String) -> Bool {
        if case .success = Posix.linkStatus(path) { return true }
        return false
    }

    /// Atomically creates or replaces `path` with secret bytes, without copying them into an unprotected array.
    ///
    /// Same steps and errors as ``write(_:to:mode:)-([UInt8],_,_)``; the default mode is 0600.
    public static func write(_ contents: SecureBytes, to path: String, mode: Int = 0o600) throws(FileSystemError) {
        try contents.withUnsafeBytes { (buffer) throws(FileSystemError) in
            try write(buffer, to: path, mode: mode, writer: .system)
        }
    }

    /// The steps, with the byte writer replaceable so tests can make the disk fail part-way (a fault the real
    /// system cannot be made to produce on demand).
    static func write(
        _ contents: UnsafeRawBufferPointer, to path: String, mode: Int, writer: Writer, replacing: Bool = true
    ) throws(FileSystemError) {
        precondition((0...0o777).contains(mode), "AtomicFile: mode must be permission bits (0...0o777)")
        let (temporary, fd) = try createTemporary(beside: path, mode: UInt32(mode))
        var failure: FileSystemError?
        if let error = Posix.changeMode(fd, UInt32(mode)) {
            failure = FileSystemError(.changeMode, path: temporary, error)
        } else if let error = writer.writeAll(fd, contents) {
            failure = FileSystemError(.write, path: temporary, error)
        } else if let error = Posix.sync(fd) {
            failure = FileSystemError(.sync, path: temporary, error)
        }
        Posix.closeFile(fd)
        if failure == nil, replacing, let error = Posix.move(temporary, to: path) {
            failure = FileSystemError(.rename, path: path, error)
        } else if failure == nil, !replacing {
            if let error = Posix.hardLink(temporary, to: path) { failure = FileSystemError(.create, path: path, error) }
            _ = Posix.remove(temporary)
            if failure == nil { try FileSync.directory(containing: path) }
            if let failure { throw failure }
            return
        }
        if let failure {
            _ = Posix.remove(temporary)
            throw failure
        }
        try FileSync.directory(containing: path)
    }

    /// Creates a new, empty temporary file next to `path`, retrying on the (unlikely) name collision.
    private static func createTemporary(beside path: String, mode: UInt32) throws(FileSystemError) -> (String, Int32) {
        let directory = FileSync.parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "file"
        var attempt = 0
        while true {
            let suffix = SecureRandom.bytes(6).map { String($0, radix: 16) }.joined()
            let temporary = "\(directory)/.\(name).tmp-\(Posix.processID)-\(suffix)"
            switch Posix.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: mode) {
            case .success(let fd):
                return (temporary, fd)
            case .failure(let error) where error.code == EEXIST && attempt < 8:
                attempt += 1
            case .failure(let error):
                throw FileSystemError(.create, path: temporary, error)
            }
        }
    }
}

extension AtomicFile {
    /// How the bytes reach the temporary file: the real `write(2)` loop, or a failing fake in tests.
    struct Writer: Sendable {
        /// Writes every byte to the descriptor, or returns the error that stopped it.
        let writeAll: @Sendable (Int32, UnsafeRawBufferPointer) -> Posix.Errno?

        /// The real system call.
        static let system = Writer { fd, bytes in Posix.writeAll(fd, bytes) }
    }
}
