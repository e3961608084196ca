public import HFStore
import HFSystem
import Synchronization

/// The exclusive lock a command holds on its home for its whole run, so that two mutating commands (two `send`s)
/// never interleave (docs/design.md §2, issue 13).
///
/// The lock is a kernel advisory lock (`flock`) on `<home>/lock`, a file that is created once and never written:
/// its existence means nothing, the kernel releases the lock when the process dies, so a killed command never leaves
/// the home locked. Within one process the lock is taken once per home and shared (a second `flock` on another
/// descriptor of the same file would wait for the first).
public final class HomeLock: Sendable {
    /// The lock file's name inside the home.
    public static let fileName = "lock"

    /// The locked file.
    public let path: String
    private let fd: FileDescriptor

    private static let held = Mutex<[String: HomeLock]>([:])

    private init(path: String, fd: FileDescriptor) {
        self.path = path
        self.fd = fd
    }

    /// Takes the lock of the home at `directory`, waiting up to `seconds` for another process to release it.
    ///
    /// - Throws: `HomeLockError.busy` when another process still holds it after the wait; `.file` when the lock file
    ///   cannot be opened.
    public static func acquire(directory: String, waitingUpTo seconds: Double = 5) throws(HomeLockError) -> HomeLock {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        let outcome = held.withLock { locks -> Result<HomeLock, HomeLockError> in
            if let lock = locks[path] { return .success(lock) }
            let fd: FileDescriptor
            do throws(Errno) {
                fd = try FileDescriptor.openCreatingExactly(path, .readWrite, permissions: 0o600).descriptor
            } catch {
                return .failure(.file(FileSystemError(.open, path: path, code: error.code)))
            }
            let clock = ContinuousClock()
            let deadline = clock.now.advanced(by: .seconds(max(seconds, 0)))
            while true {
                let locked: Bool
                do throws(Errno) { locked = try fd.tryLockExclusive() } catch {
                    fd.closeIgnoringErrors()
                    return .failure(.file(FileSystemError(.lock, path: path, code: error.code)))
                }
                if locked { break }
                guard clock.now < deadline else {
                    fd.closeIgnoringErrors()
                    return .failure(.busy(path: path))
                }
                SystemClock.sleep(.milliseconds(20))
            }
            let lock = HomeLock(path: path, fd: fd)
            locks[path] = lock
            return .success(lock)
        }
        return try outcome.get()
    }

    /// Releases this process's lock on `path` now (a session's `close`, a watch's poll cycle, tests); a process that
    /// never calls it keeps the lock until it exits.
    public func release() {
        HomeLock.held.withLock { locks in
            guard locks[path] === self else { return }
            locks[path] = nil
            fd.unlockAndClose()
        }
    }
}

/// Why the home lock could not be taken.
public enum HomeLockError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another command holds the home.
    case busy(path: String)
    /// The lock file could not be opened.
    case file(FileSystemError)

    public var description: String {
        switch self {
        case .busy(let path):
            "home in use: another command holds '\(path)'; try again when it has finished"
        case .file(let error): error.description
        }
    }
}
