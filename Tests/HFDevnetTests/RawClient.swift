import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bare TCP client for sending exact (and malformed) bytes to the server under test.
struct RawClient {
    /// Why a raw exchange failed.
    struct Failure: Error, CustomStringConvertible {
        /// What failed.
        let description: String
    }

    /// What the server sent back, up to its close.
    struct Reply {
        /// Every byte received.
        let bytes: [UInt8]

        /// The bytes as text.
        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The status code of the last status line (after any `100 Continue`), or nil.
        var status: Int? {
            let lines = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.1 ") }
            guard let line = lines.last else { return nil }
            return Int(line.dropFirst(9).prefix(3))
        }

        /// The body after the last head.
        var body: String {
            guard let range = text.range(of: "\r\n\r\n", options: .backwards) else { return "" }
            return String(text[range.upperBound...])
        }

        /// The value of a header field of the final response, or nil.
        func header(_ name: String) -> String? {
            for line in text.components(separatedBy: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// Opens a blocking connection to 127.0.0.1:`port` with a receive timeout.
    static func connect(port: UInt16, receiveTimeout: Duration = .seconds(5)) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw Failure(description: "connect failed: errno \(errno)")
        }
        let (seconds, attoseconds) = receiveTimeout.components
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    /// Sends bytes on an open connection (ignoring a peer that has gone away).
    static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return Glibc.send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// Reads until the server closes (or the receive timeout passes) and closes the connection.
    static func readAll(_ descriptor: Int32) -> Reply {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 65536, 0) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        close(descriptor)
        return Reply(bytes: bytes)
    }

    /// Connects, sends `bytes`, optionally half-closes, and reads the whole reply.
    static func exchange(port: UInt16, _ bytes: [UInt8], halfClose: Bool = true) throws -> Reply {
        let descriptor = try connect(port: port)
        send(descriptor, bytes)
        if halfClose { shutdown(descriptor, Int32(SHUT_WR)) }
        return readAll(descriptor)
    }

    /// As `exchange(port:_:halfClose:)` with text.
    static func exchange(port: UInt16, _ text: String, halfClose: Bool = true) throws -> Reply {
        try exchange(port: port, Array(text.utf8), halfClose: halfClose)
    }

    /// Whether a connection to `port` is refused.
    static func isRefused(port: UInt16) -> Bool {
        guard let descriptor = try? connect(port: port) else { return true }
        close(descriptor)
        return false
    }
}
