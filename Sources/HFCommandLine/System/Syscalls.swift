#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls the kit makes, with `EINTR` retries and `errno` capture in one place.
enum Syscalls {
    /// Writes every byte of `bytes` to `fd`, retrying partial writes and `EINTR`.
    /// - Returns: 0 on success, or the `errno` of the failing call.
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// Reads up to `count` bytes into `buffer`, retrying `EINTR`. Returns the count read (0 at end of file) or -1.
    static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Opens `path`, retrying `EINTR`. Returns the descriptor or -1 with `errno` set.
    static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        while true {
            let fd = open(path, flags, mode)
            if fd < 0, errno == EINTR { continue }
            return fd
        }
    }

    /// Closes `fd`, ignoring errors (there is nothing useful to do about them at that point).
    static func closeFile(_ fd: Int32) { _ = close(fd) }

    /// The current `errno`.
    static var lastError: Int32 { errno }

    /// The C library's text for `code` (`strerror`), lowercased at the start: "no such file or directory".
    static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
