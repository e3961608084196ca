import HFCommandLine
import HFSystem

/// The controlling terminal in key-by-key mode (no echo, no line buffering, no signal keys) with the alternate screen
/// shown and the cursor hidden; SIGINT, SIGTERM, SIGHUP and SIGQUIT restore it before ending the process.
struct RawTerminal {
    /// The terminal keys are read from (`/dev/tty`) and its saved mode, or nil when there is none (the animation
    /// then runs until a signal ends it).
    let mode: KeyByKeyMode?

    /// What leaves the alternate screen and shows the cursor again.
    private static let restoreSequence = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
    /// The signals that restore the terminal before ending the process.
    private static let restoringSignals: [Signal] = [.interrupt, .terminate, .hangUp, .quit]

    /// Saves the settings, installs the restoring signal handlers, and switches to key-by-key input and the
    /// alternate screen.
    /// - Throws: `CommandError` 74 when the terminal's settings cannot be changed.
    static func enter() throws(CommandError) -> RawTerminal {
        var mode: KeyByKeyMode?
        if let tty = try? FileDescriptor.open("/dev/tty", .readWrite, options: [.noControllingTerminal]) {
            do {
                mode = try KeyByKeyMode.enter(
                    tty, discardTypeAhead: false, restoringOnSignals: restoringSignals, restoreBytes: restoreSequence)
            } catch {
                tty.closeIgnoringErrors()
                throw .ioError("cannot put the terminal in raw mode: \(error.message)")
            }
        } else {
            KeyByKeyMode.restoreScreenOnSignals(restoringSignals, restoreBytes: restoreSequence)
        }
        Output.sinks.standardOutput.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        return RawTerminal(mode: mode)
    }

    /// Restores the settings and the screen, and the default signal actions.
    func leave() {
        if let mode {
            mode.restore()
            mode.fd.closeIgnoringErrors()
        } else {
            for signal in Self.restoringSignals { signal.restoreDefault() }
        }
        try? FileDescriptor.standardOutput.writeAll(Self.restoreSequence)
    }

    /// Waits up to `timeoutMilliseconds` (-1: for ever) for a key; nil when the time ran out. End of input on the
    /// terminal reads as Ctrl-D.
    func readKey(timeoutMilliseconds: Int) -> UInt8? {
        guard let fd = mode?.fd else {
            if timeoutMilliseconds < 0 {
                Terminal.waitForSignal()
            } else {
                _ = try? InputReadiness.wait([], milliseconds: timeoutMilliseconds)
            }
            return nil
        }
        guard (try? InputReadiness.wait([fd], milliseconds: timeoutMilliseconds))?.first == true else { return nil }
        var byte: UInt8 = 0
        let count = withUnsafeMutableBytes(of: &byte) { (try? fd.read(into: $0)) ?? 0 }
        return count == 1 ? byte : 0x04
    }
}
