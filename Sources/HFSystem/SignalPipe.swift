/// SIGINT and SIGTERM (or other signals) as a readable descriptor, the self-pipe pattern: the handler makes one
/// `write(2)` of the signal number (async-signal-safe, correct on whichever thread the kernel delivers the signal
/// to), so a loop waiting in `poll` on its input stops at once, and a server can block until a signal arrives.
/// One pipe per process, made on the first ``install(_:)``.
public enum SignalPipe {
    nonisolated(unsafe) private static var readEnd: CInt = -1

    /// Makes the pipe (once), installs the handlers for `signals` and unblocks them; returns the read end (not
    /// blocking).
    /// - Throws: ``Errno`` of `pipe`.
    @discardableResult
    public static func install(_ signals: [Signal] = [.interrupt, .terminate]) throws(Errno) -> FileDescriptor {
        if readEnd < 0 {
            switch system_signalPipe() {
            case .success(let ends): readEnd = ends.read
            case .failure(let error): throw Errno(code: error.code, call: .pipe)
            }
        }
        for signal in signals {
            signal.install { system_writeSignalNumber($0) }
            signal.unblock()
        }
        return FileDescriptor(rawValue: readEnd)
    }

    /// The signal that arrived, or nil; does not wait.
    public static func received() -> Signal? {
        guard readEnd >= 0 else { return nil }
        var byte: UInt8 = 0
        let count = withUnsafeMutableBytes(of: &byte) { buffer in
            (try? FileDescriptor(rawValue: readEnd).read(into: buffer)) ?? 0
        }
        return count == 1 ? Signal(rawValue: CInt(byte)) : nil
    }

    /// Waits until a signal arrives and returns it; nil when the pipe was never made or cannot be waited on.
    public static func wait() -> Signal? {
        guard readEnd >= 0 else { return nil }
        while true {
            if let signal = received() { return signal }
            guard (try? InputReadiness.wait([FileDescriptor(rawValue: readEnd)], milliseconds: -1)) != nil else {
                return nil
            }
        }
    }
}
