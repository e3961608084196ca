import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP exchange with a server on [::1] over a bare socket (URLSession on Linux does not take IPv6 literals).
enum IPv6Exchange {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Whether this machine has the IPv6 loopback address (a container may not): a socket binds ::1.
    static var available: Bool {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        } == 0
    }

    /// Sends `request` to [::1]:`port` and returns everything the server sent until it closed.
    static func send(_ request: String, port: UInt16) throws -> String {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect to [::1]:\(port) failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw Failure(description: "send failed: errno \(errno)")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// `POST /method` with a JSON body, as an SDK client sends it.
    static func post(_ method: String, _ body: String = "{}", port: UInt16) throws -> String {
        try send(
            "POST /\(method) HTTP/1.1\r\nHost: [::1]:\(port)\r\nOriginator: notes.example\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
            port: port)
    }
}
