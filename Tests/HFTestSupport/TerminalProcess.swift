import Foundation

#if canImport(Glibc)
    public import Glibc
#endif

/// A child process whose controlling terminal is a fresh ``PseudoTerminal`` (stdin, stdout and stderr on it), as
/// when a user runs a command in a terminal; started with unlimited core dumps in a directory of the test's choice,
/// so a test can see whether a crash leaves a core there.
///
/// The child is `/bin/sh -c 'cd DIR && ulimit -c unlimited && exec TOOL ARGS…'`, so its process id is the tool's.
public final class TerminalProcess {
    /// The child's process id (the tool's, after the shell's `exec`).
    public let pid: pid_t
    /// The terminal the child runs on.
    public let terminal: PseudoTerminal
    /// Everything the child wrote to the terminal so far (with the terminal's `\r\n`).
    public private(set) var transcript: [UInt8] = []
    private var status: Int32?

    /// `POSIX_SPAWN_SETSID` (glibc 2.26+; the Glibc module does not import it): the child starts a new session, so
    /// the terminal it opens first becomes its controlling terminal (`/dev/tty`).
    private static let spawnSetSID: Int16 = 0x80

    /// Starts `path` with `arguments` on a new terminal, in `directory`, with `RLIMIT_CORE` raised to unlimited.
    public init(path: String, arguments: [String], directory: String) throws {
        terminal = try PseudoTerminal(rawInput: false)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // As a shell starts a program (a new session, no signal blocked or ignored), whatever the test runner's
        // thread blocks.
        Subprocess.resetSignals(&attributes, extraFlags: Self.spawnSetSID)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, terminal.secondaryPath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let script = "cd \"$0\" && ulimit -c unlimited && exec \"$@\""
        let argv = ["/bin/sh", "-c", script, directory, path] + arguments
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = Subprocess.withCStrings(argv) { cArgs in
            Subprocess.withCStrings(environment) { cEnv in posix_spawn(&child, "/bin/sh", &actions, &attributes, cArgs, cEnv) }
        }
        guard result == 0 else { throw Subprocess.SpawnFailed(code: result) }
        pid = child
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
        }
    }

    /// The transcript as text.
    public var text: String { String(decoding: transcript, as: UTF8.self) }

    /// Reads the terminal until the transcript contains `needle`, for at most `seconds` (a bound on a wait, not a
    /// timing assertion). - Returns: whether it appeared.
    @discardableResult
    public func waitFor(_ needle: String, seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !text.contains(needle) {
            guard Date() < deadline else { return false }
            transcript += terminal.read(waitingUpTo: 100)
        }
        return true
    }

    /// Waits at most `seconds` for the program to turn the terminal's echo off (a hidden prompt is ready: what is
    /// typed before may be discarded). - Returns: whether it did.
    @discardableResult
    public func waitForEchoOff(seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while terminal.localFlags & tcflag_t(ECHO) != 0 {
            guard Date() < deadline else { return false }
            transcript += terminal.read(waitingUpTo: 20)
        }
        return true
    }

    /// Types `text` on the terminal.
    public func type(_ text: String) { terminal.type(Array(text.utf8)) }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits at most `seconds` for the child to end, reading the terminal meanwhile.
    /// - Returns: its status (128 + n for a death by signal n), or nil if it is still running.
    public func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while status == nil {
            var raw: Int32 = 0
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid {
                status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            } else if result < 0, errno != EINTR {
                return nil
            } else if Date() >= deadline {
                return nil
            } else {
                transcript += terminal.read(waitingUpTo: 20)
            }
        }
        // What it wrote just before the end is still in the terminal's buffer.
        while case let more = terminal.read(waitingUpTo: 50), !more.isEmpty { transcript += more }
        return status
    }
}
