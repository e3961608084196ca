#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a 0600 lock file, held until the value is released or the process dies:
/// keeps two vault migrations of one home from interleaving.
public final class VaultLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit {
        Posix.unlock(fd)
        Posix.closeFile(fd)
    }

    /// Takes the lock on `path` (created 0600 if missing) without waiting.
    ///
    /// - Throws: `VaultError.file` with operation `.lock` when another process holds it; `.file` when the lock file
    ///   cannot be opened.
    public static func acquire(_ path: String) throws(VaultError) -> VaultLock {
        let fd: Int32
        switch Posix.openFile(path, O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600) {
        case .success(let opened): fd = opened
        case .failure(let error): throw .file(FileSystemError(.open, path: path, error))
        }
        if let error = Posix.lockExclusively(fd) {
            Posix.closeFile(fd)
            throw .file(FileSystemError(.lock, path: path, error))
        }
        return VaultLock(fd: fd)
    }
}
