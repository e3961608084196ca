/// A signal number, and the few things the package does with signals.
public struct Signal: RawRepresentable, Hashable, Sendable {
    /// The C signal number.
    public let rawValue: CInt

    /// Wraps a signal number (``interrupt``, ``terminate`` and the others name the ones the package uses).
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// A handler that runs in signal context: it may only make async-signal-safe calls and touch preallocated state.
    public typealias Handler = @convention(c) (CInt) -> Void

    /// Ignores the signal (`SIG_IGN`), for example before a `DispatchSource` takes it over.
    public func ignore() { system_signal(rawValue, ignore: true) }

    /// Restores the default action (`SIG_DFL`).
    public func restoreDefault() { system_signal(rawValue, ignore: false) }

    /// Installs `handler` (`sigaction`, no flags, nothing blocked while it runs).
    public func install(_ handler: Handler) { system_sigaction(rawValue, handler) }

    /// Unblocks the signal for the calling thread: a blocked mask survives `exec`, so a parent that blocked it
    /// would otherwise keep the handler from ever running.
    public func unblock() { system_unblock(rawValue) }

    /// Sends the signal to this process (`raise`).
    public func raise() { system_raise(rawValue) }
}
