import HFSystem
import Synchronization

/// A destination for bytes: a file descriptor (stdout, stderr) or, in tests, a memory buffer.
public struct OutputSink: Sendable {
    private let writer: @Sendable ([UInt8]) -> Void

    /// A sink that hands every chunk to `writer`.
    public init(_ writer: @escaping @Sendable ([UInt8]) -> Void) { self.writer = writer }

    /// Writes `bytes` as they are.
    public func write(_ bytes: [UInt8]) { writer(bytes) }

    /// Writes the UTF-8 of `text` as it is (no newline is added).
    public func write(_ text: String) { writer(Array(text.utf8)) }

    /// File descriptor 1, written with `write(2)` (unbuffered; errors such as a closed pipe are ignored).
    public static let standardOutput = OutputSink { try? FileDescriptor.standardOutput.writeAll($0) }

    /// File descriptor 2, written with `write(2)` (never through Glibc's `stderr` global).
    public static let standardError = OutputSink { try? FileDescriptor.standardError.writeAll($0) }

    /// A sink that discards everything.
    public static let discard = OutputSink { _ in }
}

/// An in-memory byte buffer that an ``OutputSink`` can write to, for tests.
public final class CapturedOutput: Sendable {
    private let storage = Mutex<[UInt8]>([])

    /// Creates an empty buffer.
    public init() {}

    /// A sink appending to this buffer.
    public var sink: OutputSink { OutputSink { bytes in self.storage.withLock { $0 += bytes } } }

    /// Everything written so far.
    public var bytes: [UInt8] { storage.withLock { $0 } }

    /// Everything written so far, decoded as UTF-8.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
