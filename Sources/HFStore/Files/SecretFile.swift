import HFCrypto

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks and reads files that hold secrets: they must be regular files, not symbolic links, owned by the current
/// user, with no group or other permission bits (0600 or 0400).
///
/// Create such files with ``AtomicFile/write(_:to:mode:)-(SecureBytes,_,_)``, whose default mode is 0600.
public enum SecretFile {
    /// The largest secret file ``read(_:maximumSize:)`` accepts unless told otherwise: 1 MiB.
    public static let defaultMaximumSize = 1 << 20

    /// Checks that `path` is a private regular file, without reading it.
    ///
    /// - Throws: ``SecretFileError`` naming the first problem; a permission problem says which `chmod` fixes it.
    public static func check(_ path: String) throws(SecretFileError) {
        let (fd, _) = try open(path)
        Posix.closeFile(fd)
    }

    /// Reads the whole of a private regular file into secure storage.
    ///
    /// The checks are made on the opened descriptor, so the file cannot be swapped between the check and the read.
    /// Intermediate buffers are zeroized.
    /// - Parameters:
    ///   - path: the file.
    ///   - maximumSize: files larger than this many bytes are refused.
    /// - Returns: the file's bytes.
    /// - Throws: ``SecretFileError``.
    public static func read(
        _ path: String, maximumSize: Int = defaultMaximumSize
    ) throws(SecretFileError) -> SecureBytes {
        let (fd, size) = try open(path)
        defer { Posix.closeFile(fd) }
        guard size <= maximumSize else { throw .tooLarge(path: path, limit: maximumSize) }
        // One byte more than the file's size, to notice a file that grows while it is read.
        var buffer = [UInt8](repeating: 0, count: size + 1)
        defer { Zeroization.zeroize(&buffer) }
        let result = buffer.withUnsafeMutableBytes { Posix.read(fd, into: $0, at: 0) }
        switch result {
        case .failure(let error):
            throw .system(FileSystemError(.read, path: path, error))
        case .success(let count) where count > size:
            throw .changedWhileReading(path: path)
        case .success(let count):
            var contents = Array(buffer[0..<count])
            return SecureBytes(consuming: &contents)
        }
    }

    /// Opens `path` for reading and checks the descriptor: regular, owned by the current user, 0600 or narrower.
    ///
    /// - Returns: the descriptor (the caller closes it) and the file's size.
    private static func open(_ path: String) throws(SecretFileError) -> (Int32, Int) {
        let fd: Int32
        switch Posix.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY) {
        case .success(let opened):
            fd = opened
        case .failure(let error) where error.code == ENOENT:
            throw .missing(path: path)
        case .failure(let error) where error.code == ELOOP:
            throw .symbolicLink(path: path)
        case .failure(let error):
            throw .system(FileSystemError(.open, path: path, error))
        }
        do {
            return (fd, try checkDescriptor(fd, path: path))
        } catch {
            Posix.closeFile(fd)
            throw error
        }
    }

    /// The checks on an open descriptor; returns the file's size.
    private static func checkDescriptor(_ fd: Int32, path: String) throws(SecretFileError) -> Int {
        let status: FileStatus
        switch Posix.status(fd) {
        case .success(let value): status = value
        case .failure(let error): throw .system(FileSystemError(.inspect, path: path, error))
        }
        guard status.kind == .regular else { throw .notRegularFile(path: path) }
        switch PrivateAccess.problem(with: status) {
        case .notOwned(let owner, let user): throw .notOwned(path: path, owner: owner, user: user)
        case .tooOpen(let permissions): throw .tooOpen(path: path, permissions: permissions)
        case nil: return status.size
        }
    }
}
