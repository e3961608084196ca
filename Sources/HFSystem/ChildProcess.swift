/// A child process whose standard output this process reads through a pipe (a scanner such as `zbarcam`), started
/// with `posix_spawn`: its stdin is `/dev/null`, its stderr is ours, and it inherits none of our descriptors (every
/// descriptor HFSystem opens is close-on-exec).
///
/// The owner must call ``stop()`` exactly once, on every path: it ends the child and reaps it, so no process and no
/// zombie is left.
public struct ChildProcess: Sendable {
    /// The child's process id.
    public let pid: CInt
    /// The read end of the pipe on the child's stdout (close-on-exec; closed by ``stop()``).
    public let standardOutput: FileDescriptor

    /// Starts the executable at `path` with `arguments` (without argv[0]).
    ///
    /// An executable that some process still holds open for writing (`ETXTBSY`: a script just written, whose
    /// descriptor a concurrently forked child of another thread briefly inherits, or a program being updated) is
    /// tried again every 10 ms for up to half a second before the error is reported.
    /// - Throws: ``Errno`` of `pipe` or `posix_spawn`.
    public static func spawn(_ path: String, arguments: [String]) throws(Errno) -> ChildProcess {
        let ends: (CInt, CInt)
        switch system_pipe() {
        case .success(let pair): ends = pair
        case .failure(let error): throw Errno(code: error.code, call: .pipe)
        }
        var result = system_spawn(path, [path] + arguments, stdoutFD: ends.1)
        for _ in 1..<50 {
            guard case .failure(let error) = result, error.code == system_ETXTBSY else { break }
            system_nanosleep(0, 10_000_000)
            result = system_spawn(path, [path] + arguments, stdoutFD: ends.1)
        }
        _ = system_close(ends.1)
        switch result {
        case .success(let pid):
            return ChildProcess(pid: pid, standardOutput: FileDescriptor(rawValue: ends.0))
        case .failure(let error):
            _ = system_close(ends.0)
            throw Errno(code: error.code, call: .posix_spawn, path: path)
        }
    }

    /// Ends the child and reaps it: closes our end of its pipe, sends `SIGTERM`, waits up to `grace` seconds for it
    /// to exit, then sends `SIGKILL` and waits. A child that already exited is only reaped.
    /// - Returns: its exit status (128 + the signal when a signal ended it).
    @discardableResult
    public func stop(grace: Double = 2) -> CInt {
        standardOutput.closeIgnoringErrors()
        let early = system_waitpid(pid, block: false)
        if early.pid == pid { return early.status }
        _ = system_kill(pid, Signal.terminate.rawValue)
        let deadline = system_monotonicNanoseconds() + Int(grace * 1e9)
        while system_monotonicNanoseconds() < deadline {
            let result = system_waitpid(pid, block: false)
            if result.pid == pid || result.pid < 0 { return result.status }
            system_nanosleep(0, 10_000_000)
        }
        _ = system_kill(pid, Signal.kill.rawValue)
        return system_waitpid(pid, block: true).status
    }

    /// The first executable regular file named `name` in the directories of `path` (a `PATH` value), or nil.
    /// Empty entries are skipped (never the current directory), as is a `name` holding a slash.
    public static func find(_ name: String, inSearchPath path: String?) -> String? {
        guard !name.contains("/"), let path else { return nil }
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) where directory.hasPrefix("/") {
            let candidate = directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)"
            if system_isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// The value of an environment variable (`PATH`), or nil.
    public static func environment(_ name: String) -> String? { system_getenv(name) }
}

/// Waiting for input on several descriptors at once.
public enum InputReadiness {
    /// Waits up to `milliseconds` (-1: without limit) until one of `descriptors` can be read or is at its end.
    /// - Returns: per descriptor, whether it is ready (all false after the timeout or a signal).
    /// - Throws: ``Errno`` of `poll`.
    public static func wait(_ descriptors: [FileDescriptor], milliseconds: Int) throws(Errno) -> [Bool] {
        switch system_pollInput(descriptors.map(\.rawValue), milliseconds: CInt(clamping: milliseconds)) {
        case .success(let ready): return ready
        case .failure(let error): throw Errno(code: error.code, call: .poll)
        }
    }

    /// Nanoseconds on a monotonic clock, for deadlines.
    public static var now: Int { system_monotonicNanoseconds() }
}
