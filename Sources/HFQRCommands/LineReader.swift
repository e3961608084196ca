public import HFCommandLine
public import HFSystem

/// Lines of a stream that may never end (a scanner's output, a pipe), handed out as they arrive: never waits for the
/// end of the input, only for the next newline, the deadline, or a signal on the interrupt descriptor.
public struct LineReader {
    /// What waiting for the next line gave.
    public enum Next: Equatable, Sendable {
        /// One line, without its newline (and without a trailing carriage return).
        case line(String)
        /// The input ended (the last unterminated line, if any, came before).
        case end
        /// The deadline passed.
        case timedOut
        /// A signal arrived (`SIGINT` or `SIGTERM`).
        case interrupted(Signal)
        /// A line longer than `maximumLineBytes` was dropped (it cannot be a QR frame).
        case overlong
    }

    /// The longest line kept: a QR code holds at most 7,089 characters; anything much longer is not one.
    public static let maximumLineBytes = 65_536

    private let input: FileDescriptor
    private let interrupt: FileDescriptor
    private var buffer: [UInt8] = []
    private var discarding = false
    private var ended = false

    /// Reads `input`; a byte on `interrupt` (``InterruptPipe``) ends the wait.
    public init(_ input: FileDescriptor, interrupt: FileDescriptor) {
        self.input = input
        self.interrupt = interrupt
    }

    /// The next line, waiting until `deadline` (``InputReadiness/now`` nanoseconds; nil: without limit).
    /// - Throws: `CommandError` 74 when the input cannot be read.
    public mutating func next(deadline: Int?) throws(CommandError) -> Next {
        while true {
            if let signal = InterruptPipe.received() { return .interrupted(signal) }
            if let newline = buffer.firstIndex(of: 0x0a) {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                if discarding {
                    discarding = false
                    continue
                }
                return .line(Self.text(line))
            }
            if buffer.count > Self.maximumLineBytes {
                buffer.removeAll()
                if !discarding {
                    discarding = true
                    return .overlong
                }
            }
            if ended {
                guard !buffer.isEmpty, !discarding else { return .end }
                defer { buffer.removeAll() }
                return .line(Self.text(buffer[...]))
            }
            var wait = -1
            if let deadline {
                let left = deadline - InputReadiness.now
                if left <= 0 { return .timedOut }
                wait = max(1, (left + 999_999) / 1_000_000)
            }
            let ready: [Bool]
            do {
                ready = try InputReadiness.wait([input, interrupt], milliseconds: wait)
            } catch {
                throw .ioError("cannot wait for input: \(error)")
            }
            guard ready[0] else { continue }
            try fill()
        }
    }

    /// Reads what is there (one `read`).
    private mutating func fill() throws(CommandError) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count: Int
        do {
            count = try chunk.withUnsafeMutableBytes { (bytes) throws(Errno) -> Int in try input.read(into: bytes) }
        } catch {
            throw .ioError("cannot read the scanned text: \(error)")
        }
        if count == 0 { ended = true } else { buffer += chunk[..<count] }
    }

    /// The line as text, without a trailing carriage return.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == 0x0d { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
