/// A terminal: whether a descriptor is one, its size, and a key-by-key mode that is always restored.
public enum Terminal {
    /// True when `fd` is a terminal (`isatty`).
    public static func isTerminal(_ fd: FileDescriptor) -> Bool { system_isatty(fd.rawValue) }

    /// The terminal's rows and columns, or nil when `fd` is no terminal or reports no size.
    public static func size(of fd: FileDescriptor) -> (rows: Int, columns: Int)? { system_windowSize(fd.rawValue) }

    /// Sleeps until a signal arrives (`pause`).
    public static func waitForSignal() { system_pause() }
}

/// A terminal switched to key-by-key input (no echo, no line editing, no signal keys, one byte per read), with the
/// settings it had saved so that ``restore()`` puts them back.
public struct KeyByKeyMode: Sendable {
    /// The terminal.
    public let fd: FileDescriptor
    private let saved: SavedSettings

    /// The settings before the change (opaque).
    private struct SavedSettings: @unchecked Sendable {
        let value: system_TerminalSettings
    }

    /// Saves `fd`'s settings and switches it to key-by-key input.
    /// - Parameters:
    ///   - discardTypeAhead: drop what was typed before the switch (for a secret, so that no earlier keystroke
    ///     counts).
    ///   - restoringOnSignals: signals whose arrival restores the settings and writes `restoreBytes` to stdout
    ///     before ending the process as the signal would have (empty: none; ``restore()`` puts the default
    ///     actions back).
    ///   - restoreBytes: what to write to stdout on such a signal (an escape sequence leaving the alternate screen).
    /// - Throws: ``Errno`` of `tcgetattr` or `tcsetattr` (the terminal is then as it was).
    public static func enter(
        _ fd: FileDescriptor, discardTypeAhead: Bool, restoringOnSignals signals: [Signal] = [],
        restoreBytes: [UInt8] = []
    ) throws(Errno) -> KeyByKeyMode {
        let saved: system_TerminalSettings
        switch system_tcgetattr(fd.rawValue) {
        case .success(let settings): saved = settings
        case .failure(let error): throw Errno(code: error.code, call: .tcgetattr)
        }
        let mode = KeyByKeyMode(fd: fd, saved: SavedSettings(value: saved), signals: signals)
        if !signals.isEmpty {
            system_prepareTerminalRestore(fd.rawValue, saved, bytes: restoreBytes)
            for signal in signals { signal.install { system_restoreTerminalAndReraise($0) } }
        }
        guard system_tcsetattr(fd.rawValue, system_keyByKey(saved), discardTypeAhead: discardTypeAhead) == 0 else {
            let code = system_errno
            mode.restore()
            throw Errno(code: code, call: .tcsetattr)
        }
        return mode
    }

    private let signals: [Signal]

    private init(fd: FileDescriptor, saved: SavedSettings, signals: [Signal]) {
        self.fd = fd
        self.saved = saved
        self.signals = signals
    }

    /// Puts the saved settings back (and the default actions of the restoring signals).
    public func restore() {
        _ = system_tcsetattr(fd.rawValue, saved.value, discardTypeAhead: false)
        if !signals.isEmpty {
            system_forgetTerminalRestore()
            for signal in signals { signal.restoreDefault() }
        }
    }

    /// Installs, without a terminal to restore, the handlers that write `restoreBytes` to stdout before a signal
    /// ends the process (an animation on a screen without `/dev/tty`).
    public static func restoreScreenOnSignals(_ signals: [Signal], restoreBytes: [UInt8]) {
        system_prepareTerminalRestore(-1, system_TerminalSettings(), bytes: restoreBytes)
        for signal in signals { signal.install { system_restoreTerminalAndReraise($0) } }
    }
}
