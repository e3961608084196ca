import HFCommandLine
import HFSystem
#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM as a readable descriptor (the self-pipe pattern), so a live scan waiting in `poll` on its input
/// stops at once and cleanly: it writes nothing, ends its child and reports what was missing.
///
/// The handler makes one `write(2)` of the signal number, which is async-signal-safe, and touches only the
/// preallocated descriptor.
enum InterruptPipe {
    /// The pipe (read end, write end), or (-1, -1) if the kernel refused one.
    nonisolated(unsafe) private static var ends: (read: Int32, write: Int32) = (-1, -1)

    /// Makes the pipe (once) and installs the handlers; returns the read end.
    /// - Throws: `CommandError` 74 when no pipe can be made.
    static func install() throws(CommandError) -> FileDescriptor {
        if ends.read < 0 {
            var pair: [Int32] = [-1, -1]
            guard pipe(&pair) == 0 else { throw .ioError("cannot create a pipe for signal handling (errno \(errno))") }
            for end in pair {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            ends = (pair[0], pair[1])
            interruptWriteEnd = pair[1]
        }
        for signal in [Signal.interrupt, .terminate] {
            signal.install(interruptHandler)
            signal.unblock()
        }
        return FileDescriptor(rawValue: ends.read)
    }

    /// The signal that arrived (`SIGINT` or `SIGTERM`), or nil; reads the pipe without blocking.
    static func received() -> Signal? {
        var byte: UInt8 = 0
        guard ends.read >= 0, read(ends.read, &byte, 1) == 1 else { return nil }
        return Signal(rawValue: Int32(byte))
    }
}

/// The write end, where the handler can reach it.
nonisolated(unsafe) private var interruptWriteEnd: Int32 = -1

/// The signal handler: writes the signal number to the pipe.
private func interruptHandler(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(interruptWriteEnd, &byte, 1)
}
