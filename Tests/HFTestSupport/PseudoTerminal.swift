#if canImport(Glibc)
    public import Glibc
#endif

/// A pseudo-terminal pair: the test types into (and reads from) `main`; the code under test, in this process or a
/// child started by ``TerminalProcess``, uses `secondary`.
public final class PseudoTerminal {
    /// The main side (`/dev/ptmx`), close-on-exec.
    public let main: Int32
    /// The secondary side (`/dev/pts/N`), opened here without becoming a controlling terminal.
    public let secondary: Int32
    /// The secondary's path, for a child that opens it as its controlling terminal.
    public let secondaryPath: String

    /// Opens a pair. With `rawInput`, the secondary reads bytes as typed (no line editing, no signal keys) with echo
    /// on, as the prompt tests want; without, it keeps a terminal's default settings (cooked, echo on).
    public init(rawInput: Bool = true) throws {
        // posix_openpt/grantpt/unlockpt are not exposed by the Glibc module; use the Linux ioctls they wrap.
        let main = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard main >= 0 else { throw Failure(step: "open /dev/ptmx", code: errno) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(main, 0x4004_5431, &unlock) == 0,  // TIOCSPTLCK
            ioctl(main, 0x8004_5430, &number) == 0  // TIOCGPTN
        else {
            close(main)
            throw Failure(step: "unlock the pseudo-terminal", code: errno)
        }
        secondaryPath = "/dev/pts/\(number)"
        let secondary = open(secondaryPath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard secondary >= 0 else {
            close(main)
            throw Failure(step: "open \(secondaryPath)", code: errno)
        }
        self.main = main
        self.secondary = secondary
        if rawInput {
            // Raw input, but with echo on, so the test can check that echo is restored.
            var settings = termios()
            guard tcgetattr(secondary, &settings) == 0 else { throw Failure(step: "tcgetattr", code: errno) }
            settings.c_lflag &= ~tcflag_t(ICANON | ISIG | IEXTEN)
            settings.c_lflag |= tcflag_t(ECHO)
            guard tcsetattr(secondary, TCSANOW, &settings) == 0 else { throw Failure(step: "tcsetattr", code: errno) }
        }
    }

    /// Types `bytes` (writes them to the main side).
    public func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(main, $0.baseAddress, $0.count) }
    }

    /// The secondary's local mode flags (`c_lflag`).
    public var localFlags: tcflag_t {
        var settings = termios()
        _ = tcgetattr(secondary, &settings)
        return settings.c_lflag
    }

    /// Reads what is available on the main side, waiting up to `milliseconds` for the first byte; empty when
    /// nothing came (or every process on the secondary side has closed it).
    public func read(waitingUpTo milliseconds: Int32) -> [UInt8] {
        var descriptor = pollfd(fd: main, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(main, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    deinit {
        close(secondary)
        close(main)
    }

    /// A step of opening the pair failed with `code` (`errno`).
    public struct Failure: Error, CustomStringConvertible {
        public let step: String
        public let code: Int32
        public var description: String { "\(step) failed: errno \(code)" }
    }
}
