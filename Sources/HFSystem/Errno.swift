/// A system call failed: the C `errno` value, which call, and the path it was given (when it took one).
///
/// Every function of HFSystem throws this, right after the failing call, so the error cannot be mixed up with a
/// later call's `errno`. Callers turn it into their own error types (exit codes, advice) by ``code`` and ``call``.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C error number (`ENOENT`, `EACCES`, …); compare with the named codes such as ``fileExists``.
    public let code: CInt
    /// The system call that failed.
    public let call: SystemCall
    /// The path the call was applied to, or nil for a call on a descriptor.
    public let path: String?

    /// Creates an error value (HFSystem builds these right after the failing call; tests build them by hand).
    public init(code: CInt, call: SystemCall, path: String? = nil) {
        self.code = code
        self.call = call
        self.path = path
    }

    /// The C library's text for ``code`` (`strerror`), lower-cased at the start: "no such file or directory".
    public var message: String { Self.describe(code) }

    /// "open '/a/b': no such file or directory", or "fsync: no space left on device" for a descriptor.
    public var description: String {
        if let path { "\(call.rawValue) '\(path)': \(message)" } else { "\(call.rawValue): \(message)" }
    }

    /// The C library's text for `code`, lower-cased at the start: "no such file or directory".
    public static func describe(_ code: CInt) -> String {
        let text = system_strerror(code)
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }

    /// The `errno` left by the C library call that just failed (one made outside HFSystem, such as a C library's
    /// own function that sets it); read it right after that call.
    public static var last: CInt { system_errno }

    /// The same failure, reported against `path` (the writers name the destination, not their temporary file).
    func reported(at path: String) -> Errno { Errno(code: code, call: call, path: path) }
}

/// The system calls HFSystem makes, by their C names (the name appears in ``Errno/description``).
public enum SystemCall: String, Hashable, Sendable {
    case open, close, read, pread, write, pwrite, fsync, ftruncate, fchmod, fstat, flock
    case lstat, rename, link, unlink, mkdir, rmdir, chmod, opendir, readdir, realpath
    case prctl, setrlimit, sigaction, sigaltstack
    case pipe, posix_spawn, poll
    case getrandom
    case tcgetattr, tcsetattr
    case socket, bind, listen
}
