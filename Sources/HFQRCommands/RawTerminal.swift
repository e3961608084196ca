import HFCommandLine
import HFSystem
#if canImport(Glibc)
    import Glibc
#endif

/// The terminal settings `qr show` changes, saved where a signal handler can restore them.
///
/// Signal handlers may only touch preallocated state, so the saved settings and the escape sequence that leaves
/// the alternate screen live in globals set before the handlers are installed.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var savedDescriptor: Int32 = -1
nonisolated(unsafe) private let restoreSequence: UnsafeMutablePointer<UInt8> = {
    let bytes = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
    pointer.initialize(from: bytes, count: bytes.count)
    pointer[bytes.count] = 0
    return pointer
}()
private let restoreSequenceLength = 18
/// The signals that restore the terminal before ending the process.
private let restoringSignals: [Signal] = [.interrupt, .terminate, .hangUp, .quit]

/// Restores the terminal, then lets the signal end the process as it would have (async-signal-safe calls only).
private func restoreAndReraise(_ signal: Int32) {
    if savedDescriptor >= 0 { _ = tcsetattr(savedDescriptor, TCSANOW, &savedSettings) }
    _ = write(1, restoreSequence, restoreSequenceLength)
    Signal(rawValue: signal).restoreDefault()
    Signal(rawValue: signal).raise()
}

/// The controlling terminal in raw mode (no echo, no line buffering, no signal keys) with the alternate screen
/// shown and the cursor hidden.
struct RawTerminal {
    /// The descriptor keys are read from (`/dev/tty`), or -1 when there is none (the animation then runs until a
    /// signal ends it).
    let fd: Int32

    /// Saves the settings, installs the restoring signal handlers, and switches to raw mode and the alternate
    /// screen.
    /// - Throws: `CommandError` 74 when the terminal's settings cannot be changed.
    static func enter() throws(CommandError) -> RawTerminal {
        precondition(restoreSequenceLength == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8.count)
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if fd >= 0 {
            guard tcgetattr(fd, &savedSettings) == 0 else {
                close(fd)
                throw .ioError("cannot read the terminal settings (errno \(errno))")
            }
            var raw = savedSettings
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
            savedDescriptor = fd
            installHandlers()
            guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
                let code = errno
                RawTerminal(fd: fd).leave()
                throw .ioError("cannot put the terminal in raw mode (errno \(code))")
            }
        } else {
            installHandlers()
        }
        Output.sinks.standardOutput.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        return RawTerminal(fd: fd)
    }

    /// Restores the settings and the screen, and the default signal actions.
    func leave() {
        if fd >= 0 {
            _ = tcsetattr(fd, TCSANOW, &savedSettings)
            savedDescriptor = -1
            close(fd)
        }
        _ = write(1, restoreSequence, restoreSequenceLength)
        for signal in restoringSignals { signal.restoreDefault() }
    }

    /// Waits up to `timeoutMilliseconds` (-1: for ever) for a key; nil when the time ran out. End of input on the
    /// terminal reads as Ctrl-D.
    func readKey(timeoutMilliseconds: Int) -> UInt8? {
        guard fd >= 0 else {
            if timeoutMilliseconds < 0 { pause() } else { usleep(UInt32(timeoutMilliseconds) * 1000) }
            return nil
        }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(clamping: timeoutMilliseconds))
        guard ready > 0 else { return nil }
        var byte: UInt8 = 0
        let count = read(fd, &byte, 1)
        return count == 1 ? byte : 0x04
    }

    /// Installs `restoreAndReraise` for the restoring signals.
    private static func installHandlers() {
        for signal in restoringSignals { signal.install { restoreAndReraise($0) } }
    }
}
