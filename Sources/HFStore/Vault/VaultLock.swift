import HFSystem

/// An exclusive advisory lock (`flock`) on a 0600 lock file, held until the value is released or the process dies:
/// keeps two vault migrations of one home from interleaving.
public final class VaultLock {
    private let fd: FileDescriptor

    private init(fd: FileDescriptor) { self.fd = fd }

    deinit {
        fd.unlockAndClose()
    }

    /// Takes the lock on `path` (created 0600 if missing) without waiting.
    ///
    /// - Throws: `VaultError.file` with operation `.lock` when another process holds it; `.file` when the lock file
    ///   cannot be opened.
    public static func acquire(_ path: String) throws(VaultError) -> VaultLock {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.openCreatingExactly(path, .readWrite, permissions: 0o600).descriptor
        } catch {
            throw .file(FileSystemError(.open, path: path, error))
        }
        let locked: Bool
        do { locked = try fd.tryLockExclusive() } catch {
            fd.closeIgnoringErrors()
            throw .file(FileSystemError(.lock, path: path, error))
        }
        guard locked else {
            fd.closeIgnoringErrors()
            throw .file(FileSystemError(.lock, path: path, code: Errno.wouldBlock))
        }
        return VaultLock(fd: fd)
    }
}
