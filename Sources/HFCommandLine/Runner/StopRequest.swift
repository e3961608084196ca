import HFSystem
import Synchronization

/// SIGINT or SIGTERM as a request to stop, which a long-running loop checks between its steps (`hf-watcher watch`):
/// the signal no longer ends the process at once, so a step under way finishes and the home is left as a step
/// leaves it. Built on HFSystem's ``SignalPipe``.
public final class StopRequest: Sendable {
    private let raised = Mutex(false)

    /// Takes SIGINT and SIGTERM over.
    /// - Throws: `CommandError` 71 when no pipe can be made for them.
    public init() throws(CommandError) {
        do { try SignalPipe.install([.interrupt, .terminate]) } catch {
            throw CommandError(.osError, "cannot create a pipe for signal handling: \(error.message)")
        }
    }

    /// Whether a stop was asked for (it stays asked for).
    public var requested: Bool {
        raised.withLock { raised in
            if !raised, SignalPipe.received() != nil { raised = true }
            return raised
        }
    }

    /// Sleeps up to `seconds`, ending early (within 200 ms) when a stop is asked for.
    public func sleep(seconds: Int) async {
        for _ in 0..<(seconds * 5) where !requested {
            try? await Task.sleep(for: .milliseconds(200))
        }
    }
}
