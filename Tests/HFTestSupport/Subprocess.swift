import Foundation

#if canImport(Glibc)
    public import Glibc
#endif

/// A child process started with `posix_spawn` and plain pipes, closed exactly once.
///
/// Used instead of Foundation's `Process`, whose Linux implementation can close a descriptor twice; when the number
/// has meanwhile been reused by a socket of a test running in parallel, that socket dies.
public final class Subprocess: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    private var stdoutFD: Int32
    private var stderrFD: Int32
    private let lock = NSLock()
    /// Held while a child's pipes are made and it is spawned.
    private static let spawnLock = NSLock()
    private var exitStatus: Int32?
    /// The write end of the child's stdin while it is kept open (`keepingStdinOpen`), else -1.
    private var stdinFD: Int32 = -1

    /// Starts `path` with `arguments` (without argv[0]) and `environment`; `stdin` is written and then closed, or
    /// with `keepingStdinOpen` kept open for ``writeStdin(_:)`` until ``closeStdin()`` (a pipe that stays open, as
    /// a scanner's is).
    ///
    /// With `defaultSignals`, the child starts as a shell would start it: no signal blocked, every signal at its
    /// default action. Without, it inherits the mask of the test runner's thread (which blocks some signals, e.g.
    /// `SIGCHLD`, that a debugger waits for).
    public init(
        path: String, arguments: [String], environment: [String: String]? = nil, stdin: [UInt8] = [],
        keepingStdinOpen: Bool = false, defaultSignals: Bool = false
    ) throws {
        // The pipes are made close-on-exec, so that children spawned meanwhile by other tests do not keep them open
        // (a reader would wait for those children's end); the child's own copies at 0, 1 and 2 are made by `dup2`
        // and stay open. Making them and spawning happen under one lock, so no other spawn falls in between.
        Self.spawnLock.lock()
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else {
            Self.spawnLock.unlock()
            throw SpawnFailed(code: errno)
        }
        for fd in input + output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for fd in input + output + errors { posix_spawn_file_actions_addclose(&actions, fd) }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = [path] + arguments
        var child: pid_t = 0
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if defaultSignals { Self.resetSignals(&attributes) }
        let result = Self.withCStrings(argv) { cArgs in
            Self.withCStrings(env) { cEnv in posix_spawn(&child, path, &actions, &attributes, cArgs, cEnv) }
        }
        close(input[0])
        close(output[1])
        close(errors[1])
        Self.spawnLock.unlock()
        guard result == 0 else {
            close(input[1])
            close(output[0])
            close(errors[0])
            throw SpawnFailed(code: result)
        }
        pid = child
        stdoutFD = output[0]
        stderrFD = errors[0]
        stdin.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(input[1], buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        if keepingStdinOpen { stdinFD = input[1] } else { close(input[1]) }
    }

    /// Writes `bytes` to the child's open stdin; false when the child no longer reads it (or it was closed).
    @discardableResult
    public func writeStdin(_ bytes: [UInt8]) -> Bool {
        guard stdinFD >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(stdinFD, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Waits up to `timeout` seconds until the child has read everything written to its open stdin (the pipe holds
    /// no byte: `FIONREAD`, which Linux answers on either end of a pipe). False on timeout or without an open stdin.
    public func waitUntilStdinIsRead(timeout: Double = 30) -> Bool {
        guard stdinFD >= 0 else { return false }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var unread: Int32 = 0
            guard ioctl(stdinFD, UInt(FIONREAD), &unread) == 0 else { return false }
            if unread == 0 { return true }
            usleep(5_000)
        }
        return false
    }

    /// Closes the child's stdin (kept open by `keepingStdinOpen`).
    public func closeStdin() {
        if stdinFD >= 0 { close(stdinFD) }
        stdinFD = -1
    }

    deinit {
        closeStdin()
        if stdoutFD >= 0 { close(stdoutFD) }
        if stderrFD >= 0 { close(stderrFD) }
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = waitStatus()
        }
    }

    /// Reads one line of stdout (without the newline); nil at end of output.
    public func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(stdoutFD, &byte, 1) == 1 {
            if byte == 0x0a { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Reads stdout and stderr to their ends, waits for the exit, and returns the status (128 + n for signal n).
    public func finish() -> (status: Int32, stdout: String, stderr: String) {
        let result = finishBytes()
        return (result.status, String(decoding: result.stdout, as: UTF8.self),
                String(decoding: result.stderr, as: UTF8.self))
    }

    /// `finish` with the raw bytes of stdout and stderr (for binary output).
    public func finishBytes() -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let group = DispatchGroup()
        nonisolated(unsafe) var errorBytes: [UInt8] = []
        let errFD = stderrFD
        group.enter()
        DispatchQueue.global().async {
            errorBytes = Self.readAll(errFD)
            group.leave()
        }
        let outBytes = Self.readAll(stdoutFD)
        group.wait()
        close(stdoutFD)
        close(stderrFD)
        stdoutFD = -1
        stderrFD = -1
        return (waitStatus(), outBytes, errorBytes)
    }

    /// Whether the child ended by a signal (after `finish`).
    public var wasSignalled: Bool { (exitStatus ?? 0) >= 128 }

    private func waitStatus() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        let status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        exitStatus = status
        return status
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { result += buffer[0..<count] } else if count < 0, errno == EINTR { continue } else { break }
        }
        return result
    }

    /// Makes a spawned child start with no signal blocked and every signal at its default action.
    static func resetSignals(_ attributes: inout posix_spawnattr_t, extraFlags: Int16 = 0) {
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, extraFlags | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings (for `posix_spawn`).
    static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }

    /// `posix_spawn` or `pipe` failed.
    public struct SpawnFailed: Error { public let code: Int32 }
}
