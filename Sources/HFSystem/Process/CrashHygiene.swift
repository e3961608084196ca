/// Keeps a process that may hold keys out of core dumps and out of Swift's interactive crash handler.
///
/// ``enable(program:)`` is the first thing `hf-signer` and `hf-watcher` do, before any argument is parsed or any
/// secret read:
/// - `prctl(PR_SET_DUMPABLE, 0)`: the kernel writes no core for the process (nor hands one to a `core_pattern`
///   pipe, which ignores `RLIMIT_CORE`), and other users cannot `ptrace` it or read its `/proc` memory files;
/// - `RLIMIT_CORE` soft and hard limits 0: no core file even if something made the process dumpable again, and
///   the hard limit cannot be raised back without privilege;
/// - a handler for each of ``fatalSignals`` (unblocked, whatever mask the parent left) that writes one line to stderr and ends the process at once with
///   `_exit(128 + signal)`, the status a shell shows for a death by that signal. It replaces the handlers the Swift
///   runtime's backtracer installed at start (which, on a terminal, keep the crashed process, keys in memory,
///   waiting 30 seconds for a key press). It never re-raises the signal, so no core can be written even if a
///   debugger or `prlimit` raised the limit from outside. The handlers run on an alternate signal stack, so a stack
///   overflow reaches them too; they only call `write` and `_exit`, on buffers prepared beforehand.
///
/// Signals whose default action is a core but that are not listed (`SIGSYS`, `SIGXCPU`, `SIGXFSZ`) still end the
/// process without a core, because of the two limits.
public enum CrashHygiene {
    /// The signals that end the process with the one-line message: `SIGABRT`, `SIGSEGV`, `SIGBUS`, `SIGILL`,
    /// `SIGFPE`, `SIGTRAP` and `SIGQUIT` (Ctrl-Backslash, which would otherwise write a core).
    public static let fatalSignals: [Signal] = [
        .abort, .segmentationFault, .busError, .illegalInstruction, .floatingPointException, .trap, .quit,
    ]

    /// The size of the alternate signal stack the handlers run on.
    static let alternateStackSize = 64 * 1024

    /// Turns core dumps off and installs the crash handlers (see ``CrashHygiene``). Call it once, first.
    ///
    /// - Parameter program: the name the crash line starts with (`hf-signer`).
    /// - Throws: ``Errno`` naming `prctl`, `setrlimit`, `sigaltstack` or `sigaction` when the kernel refuses: the
    ///   caller must not go on to read secrets.
    public static func enable(program: String) throws(Errno) {
        if system_setDumpable(0) != 0 { throw Errno(code: system_errno, call: .prctl) }
        if system_setCoreLimit(0) != 0 { throw Errno(code: system_errno, call: .setrlimit) }
        CrashLines.prepare(program: program, signals: fatalSignals)
        if system_sigaltstack(size: alternateStackSize) != 0 { throw Errno(code: system_errno, call: .sigaltstack) }
        for signal in fatalSignals where system_sigactionOnAlternateStack(signal.rawValue, crashHandler) != 0 {
            throw Errno(code: system_errno, call: .sigaction)
        }
        // A parent's blocked mask survives `exec`; a blocked SIGABRT would never reach the handler.
        let unblocked = system_unblockSignals(fatalSignals.map(\.rawValue))
        if unblocked != 0 { throw Errno(code: unblocked, call: .sigaction) }
    }

    /// The line written to stderr when `signal` ends `program`, newline included:
    /// "hf-signer: crashed (signal 6, SIGABRT); no core is written because this program may hold keys".
    public static func message(program: String, signal: Signal) -> String {
        let name = signalNames[signal.rawValue].map { ", \($0)" } ?? ""
        return "\(program): crashed (signal \(signal.rawValue)\(name)); no core is written because this program "
            + "may hold keys\n"
    }

    private static let signalNames: [CInt: String] = [
        Signal.abort.rawValue: "SIGABRT", Signal.segmentationFault.rawValue: "SIGSEGV",
        Signal.busError.rawValue: "SIGBUS", Signal.illegalInstruction.rawValue: "SIGILL",
        Signal.floatingPointException.rawValue: "SIGFPE", Signal.trap.rawValue: "SIGTRAP",
        Signal.quit.rawValue: "SIGQUIT",
    ]
}

/// The crash lines, one fixed-size slot per signal number, written before the handlers are installed so that the
/// handler touches only raw memory (no allocation, no reference counting, no locks).
private enum CrashLines {
    static let slotSize = 256
    static let slotCount = 65

    static func prepare(program: String, signals: [Signal]) {
        let lines = UnsafeMutablePointer<UInt8>.allocate(capacity: slotSize * slotCount)
        lines.initialize(repeating: 0, count: slotSize * slotCount)
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
        lengths.initialize(repeating: 0, count: slotCount)
        for signal in signals where signal.rawValue > 0 && Int(signal.rawValue) < slotCount {
            let bytes = Array(CrashHygiene.message(program: program, signal: signal).utf8.prefix(slotSize))
            let slot = lines + Int(signal.rawValue) * slotSize
            slot.update(from: bytes, count: bytes.count)
            lengths[Int(signal.rawValue)] = bytes.count
        }
        crashLineLengths = lengths
        crashLines = lines
    }
}

// Set once by `CrashLines.prepare`, before any handler is installed; read only by `crashHandler`.
nonisolated(unsafe) private var crashLines: UnsafeMutablePointer<UInt8>? = nil
nonisolated(unsafe) private var crashLineLengths: UnsafeMutablePointer<Int>? = nil

/// Writes the signal's line to stderr and ends the process with 128 + the signal number: async-signal-safe calls
/// only (`write`, `_exit`).
private func crashHandler(_ number: CInt) {
    if let lines = crashLines, let lengths = crashLineLengths, number > 0, Int(number) < CrashLines.slotCount {
        let length = lengths[Int(number)]
        if length > 0 { system_writeAll(2, lines + Int(number) * CrashLines.slotSize, length) }
    }
    system_exitImmediately(128 + number)
}
