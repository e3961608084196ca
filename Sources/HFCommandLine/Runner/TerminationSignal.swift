#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Waiting for SIGINT or SIGTERM with the self-pipe pattern: the handler writes the signal number to a pipe, which
/// `wait()` reads. The handler does nothing else (one `write(2)`, which is async-signal-safe), so it is correct on
/// whichever thread the kernel delivers the signal to. `install()` also ignores SIGPIPE, so a closed stdout or a
/// vanished client cannot kill the server (`hf-devnet serve`, `hf-watcher wallet-api serve`).
public enum TerminationSignal {
    /// The pipe (read end, write end), or (-1, -1) if the kernel refused one.
    static let pipe: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }()

    /// Installs the handlers for SIGINT and SIGTERM.
    /// - Throws: `CommandError` when no pipe can be made.
    public static func install() throws(CommandError) {
        guard pipe.read >= 0 else { throw .failure("cannot create a pipe for signal handling (errno \(errno))") }
        _ = signal(SIGPIPE, SIG_IGN)
        _ = signal(SIGINT, terminationHandler)
        _ = signal(SIGTERM, terminationHandler)
    }

    /// Blocks until a handled signal arrives and returns its name.
    public static func wait() -> String {
        var byte: UInt8 = 0
        while true {
            let count = read(pipe.read, &byte, 1)
            if count == 1 { break }
            if count < 0 && errno == EINTR { continue }
            return "end of signal pipe"
        }
        switch Int32(byte) {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(byte)"
        }
    }
}

/// The signal handler: writes the signal number to the pipe.
private func terminationHandler(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(TerminationSignal.pipe.write, &byte, 1)
}
