import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP exchange with a server on 127.0.0.1 over a bare socket: exact bytes out (any method, any header — an
/// `Origin` or a preflight's fields, which a browser alone would send), everything the server sent back in.
enum LoopbackExchange {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// What the server answered.
    struct Reply: CustomStringConvertible {
        /// The status of the status line, 0 if there was none.
        let status: Int
        /// The header fields as sent, in order.
        let fields: [(name: String, value: String)]
        /// The body.
        let body: String

        /// Every value of the field `name` (any case).
        func values(_ name: String) -> [String] {
            fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }
        /// The first value of the field `name` (any case).
        func header(_ name: String) -> String? { values(name).first }
        /// The body as a JSON object (empty if it is not one).
        var object: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        }
        /// Whether any `Access-Control-*` field was sent.
        var hasCORSFields: Bool { fields.contains { $0.name.lowercased().hasPrefix("access-control-") } }
        var description: String { "\(status) \(fields.map { "\($0.name): \($0.value)" }) \(body)" }
    }

    /// Sends `head` (request line and fields, without the blank line; `Host`, `Content-Length` and `Connection:
    /// close` are added) and `body` to 127.0.0.1:`port`; reads the reply until the server closes.
    static func send(_ head: String, body: String = "", port: UInt16) throws -> Reply {
        let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
        let request = head + "\r\nHost: 127.0.0.1:\(port)\r\n" + length + "Connection: close\r\n\r\n" + body
        return parse(try raw(request, port: port))
    }

    /// Sends exactly `request` and returns everything the server sent until it closed.
    static func raw(_ request: String, port: UInt16) throws -> [UInt8] {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(request.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw Failure(description: "send failed: errno \(errno)") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return received
    }

    /// The status, fields and body of a response's bytes.
    static func parse(_ bytes: [UInt8]) -> Reply {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return Reply(status: 0, fields: [], body: text) }
        var lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let status = statusLine.hasPrefix("HTTP/1.1 ") ? Int(statusLine.dropFirst(9).prefix(3)) ?? 0 : 0
        let fields = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Reply(status: status, fields: fields, body: String(text[end.upperBound...]))
    }
}
