public import HFCrypto
import HFSystem

/// Checks and reads files that hold secrets: they must be regular files, not symbolic links, owned by the current
/// user, with no group or other permission bits (0600 or 0400).
///
/// Create such files with HFSystem's `FileWriter.replaceAtomically` and mode 0600.
public enum SecretFile {
    /// The largest secret file ``read(_:maximumSize:)`` accepts unless told otherwise: 1 MiB.
    public static let defaultMaximumSize = 1 << 20

    /// Checks that `path` is a private regular file, without reading it.
    ///
    /// - Throws: ``SecretFileError`` naming the first problem; a permission problem says which `chmod` fixes it.
    public static func check(_ path: String) throws(SecretFileError) {
        let (fd, _) = try open(path)
        fd.closeIgnoringErrors()
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
        defer { fd.closeIgnoringErrors() }
        guard size <= maximumSize else { throw .tooLarge(path: path, limit: maximumSize) }
        // One byte more than the file's size, to notice a file that grows while it is read.
        var buffer = [UInt8](repeating: 0, count: size + 1)
        defer { Zeroization.zeroize(&buffer) }
        let result = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) in try fd.read(fromAbsoluteOffset: 0, into: bytes) }
        }
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
    private static func open(_ path: String) throws(SecretFileError) -> (FileDescriptor, Int) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking, .noControllingTerminal])
        } catch let error where error.code == Errno.noSuchFileOrDirectory {
            throw .missing(path: path)
        } catch let error where error.code == Errno.tooManySymbolicLinks {
            throw .symbolicLink(path: path)
        } catch {
            throw .system(FileSystemError(.open, path: path, error))
        }
        do {
            return (fd, try checkDescriptor(fd, path: path))
        } catch {
            fd.closeIgnoringErrors()
            throw error
        }
    }

    /// The checks on an open descriptor; returns the file's size.
    private static func checkDescriptor(_ fd: FileDescriptor, path: String) throws(SecretFileError) -> Int {
        let status: FileStatus
        do { status = try fd.status() } catch { throw .system(FileSystemError(.inspect, path: path, error)) }
        guard status.kind == .regular else { throw .notRegularFile(path: path) }
        switch PrivateAccess.problem(with: status) {
        case .notOwned(let owner, let user): throw .notOwned(path: path, owner: owner, user: user)
        case .tooOpen(let permissions): throw .tooOpen(path: path, permissions: permissions)
        case nil: return status.size
        }
    }
}
