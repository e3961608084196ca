public import HFSystem

/// A file system call failed: which operation, on which path, and the operating system's error number.
///
/// Never carries file contents. The ``description`` names the operation and the path and suggests a fix that
/// depends on the error (disk full, permission denied, read-only file system, …).
public struct FileSystemError: Error, Equatable, Hashable, Sendable {
    /// What HFStore was doing when the call failed.
    public enum Operation: String, Equatable, Hashable, Sendable {
        /// Opening an existing file or directory.
        case open
        /// Creating a file.
        case create
        /// Creating a directory.
        case makeDirectory = "create directory"
        /// Reading a file.
        case read
        /// Writing a file.
        case write
        /// Flushing a file or directory to stable storage (`fsync`).
        case sync
        /// Changing a file's length.
        case truncate
        /// Renaming a file over another.
        case rename
        /// Removing a file.
        case remove
        /// Inspecting a file's type, owner and mode (`stat`).
        case inspect
        /// Setting a file's permission bits.
        case changeMode = "set the permissions of"
        /// Locking a file.
        case lock
    }

    /// The operation that failed.
    public let operation: Operation
    /// The path it was applied to.
    public let path: String
    /// The C `errno` value (`ENOSPC` is 28, …).
    public let code: Int32

    /// Creates an error value; HFStore builds these right after the failing call.
    public init(_ operation: Operation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// Creates an error from a failed system call.
    init(_ operation: Operation, path: String, _ errno: Errno) {
        self.init(operation, path: path, code: errno.code)
    }

    /// Creates an error from a failure of HFSystem's writers (``FileWriter``), which name the destination path and
    /// the call: a failed `open` or `link` is `create`, `fchmod` is `changeMode`, and so on.
    public init(_ errno: Errno) {
        let operation: Operation =
            switch errno.call {
            // pipe, posix_spawn, poll and getrandom are never the writers' calls; named for exhaustiveness.
            case .open, .link, .mkdir, .pipe, .posix_spawn: .create
            case .read, .pread, .poll, .getrandom: .read
            case .write, .pwrite, .close: .write
            case .fsync: .sync
            case .ftruncate: .truncate
            case .fchmod, .chmod: .changeMode
            case .fstat, .lstat, .opendir, .readdir, .realpath: .inspect
            case .flock: .lock
            case .rename: .rename
            case .unlink, .rmdir: .remove
            // Process, terminal and socket calls, never a writer's; listed so the switch stays exhaustive.
            case .prctl, .setrlimit, .sigaction, .sigaltstack, .tcgetattr, .tcsetattr, .socket, .bind, .listen: .inspect
            }
        self.init(operation, path: errno.path ?? "", code: errno.code)
    }
}

extension FileSystemError: CustomStringConvertible {
    /// "cannot write '/path': no space left on device; free some disk space and try again".
    /// Whether the call failed because something was already at the path (`EEXIST`).
    public var isAlreadyExists: Bool { code == Errno.fileExists }

    public var description: String {
        "cannot \(operation.rawValue) '\(path)': \(Errno.describe(code)); \(advice)"
    }

    /// What the user can do about `code`.
    private var advice: String {
        switch code {
        case Errno.noSpace, Errno.quotaExceeded: "free some disk space and try again"
        case Errno.permissionDenied, Errno.notPermitted: "check that you own the file and its directory and may write to them"
        case Errno.readOnlyFileSystem: "the file system is mounted read-only; use a writable location"
        case Errno.ioFailure: "the disk reported an error; check it (and its cable or card) before trying again"
        case Errno.noSuchFileOrDirectory, Errno.notDirectory: "check that the path and its parent directories exist"
        case Errno.fileExists: "something is already at that path; move it away"
        case Errno.wouldBlock: "another process is using it; try again when that process has finished"
        default: "check the path and the disk, then try again"
        }
    }
}
