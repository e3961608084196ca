import HFCommandLine
import HFSystem

/// SIGINT and SIGTERM as a readable descriptor (HFSystem's ``SignalPipe``), so a live scan waiting in `poll` on its
/// input stops at once and cleanly: it writes nothing, ends its child and reports what was missing.
enum InterruptPipe {
    /// Makes the pipe (once) and installs the handlers; returns the read end.
    /// - Throws: `CommandError` 74 when no pipe can be made.
    static func install() throws(CommandError) -> FileDescriptor {
        do { return try SignalPipe.install([.interrupt, .terminate]) } catch {
            throw .ioError("cannot create a pipe for signal handling: \(error.message)")
        }
    }

    /// The signal that arrived (`SIGINT` or `SIGTERM`), or nil; does not wait.
    static func received() -> Signal? { SignalPipe.received() }
}
