import Foundation
import HFDevnet
import Testing

@Suite("HTTPServer limits and malformed input")
struct HTTPServerLimitsTests {
    /// Requests that must be refused, with the status expected.
    static let malformed: [(String, Int)] = [
        ("GARBAGE\r\n\r\n", 400),
        ("GET /\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET http://example.com/ HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET /a#b HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("G\u{7f}T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("GET / HTTP/1.1\nHost: h\n\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nBad Name: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nName : x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nA: b\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: h\r\nA: b\u{1}c\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET /?a=%zz HTTP/1.1\r\nHost: h\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1, 2\r\n\r\nab", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nshort", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 411),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nHost: h\r\nExpect: magic\r\n\r\n", 417),
        ("GET / HTTP/1.1\r\nHost: h", 400),
    ]

    @Test("malformed requests get 4xx/5xx and never reach the handler", arguments: malformed)
    func malformedRequest(_ request: String, _ status: Int) throws {
        let (server, port) = try startServer { _ in .text("reached the handler", status: 299) }
        defer { server.stop() }
        let reply = try RawClient.exchange(port: port, request)
        #expect(reply.status == status)
        #expect(!reply.text.contains("reached the handler"))
    }

    @Test("a request sent one byte at a time is still read correctly")
    func byteByByte() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let descriptor = try RawClient.connect(port: port)
        for byte in "POST /p?q=1 HTTP/1.1\r\nHost: h\r\nX-Test: t\r\nContent-Length: 2\r\n\r\nok".utf8 {
            RawClient.send(descriptor, [byte])
        }
        let reply = RawClient.readAll(descriptor)
        #expect(reply.status == 200)
        #expect(reply.body == "method=POST\npath=/p\nquery:q=1\nx-test=t\nbody=ok")
    }

    @Test("binary junk is answered 400")
    func binaryJunk() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let junk = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        #expect(try RawClient.exchange(port: port, junk).status == 400)
    }

    @Test("a head over 64 KiB is answered 431, and so are more than 100 fields")
    func oversizeHeaders() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let big = "GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "a", count: 70 * 1024))\r\n\r\n"
        #expect(try RawClient.exchange(port: port, big).status == 431)
        let unterminated = "GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "a", count: 70 * 1024))"
        #expect(try RawClient.exchange(port: port, unterminated, halfClose: false).status == 431)
        let many = "GET / HTTP/1.1\r\nHost: h\r\n" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        #expect(try RawClient.exchange(port: port, many).status == 431)
    }

    @Test("a body over the limit is answered 413 before it is read")
    func oversizeBody() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let request = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(64 * 1024 * 1024 + 1)\r\n\r\n"
        let reply = try RawClient.exchange(port: port, request, halfClose: false)
        #expect(reply.status == 413)
        let small = try startServer(configure: { configuration in configuration.maxBodyBytes = 10 })
        defer { small.0.stop() }
        let body = "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n01234567890"
        #expect(try RawClient.exchange(port: small.1, body).status == 413)
    }

    @Test("a slow client is answered 408; a silent one is closed without a reply")
    func slowClient() throws {
        let (server, port) = try startServer(configure: { configuration in
            configuration.idleTimeout = .milliseconds(200)
        })
        defer { server.stop() }
        let partial = try RawClient.exchange(port: port, "GET / HTTP/1.1\r\nHost:", halfClose: false)
        #expect(partial.status == 408)
        let silent = try RawClient.connect(port: port)
        #expect(RawClient.readAll(silent).bytes.isEmpty)
    }

    @Test("a slow body is cut off by the whole-request timeout")
    func requestTimeout() throws {
        let (server, port) = try startServer(configure: { configuration in
            configuration.idleTimeout = .seconds(5)
            configuration.requestTimeout = .milliseconds(300)
        })
        defer { server.stop() }
        let descriptor = try RawClient.connect(port: port)
        RawClient.send(descriptor, Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\n".utf8))
        for _ in 0..<5 {
            Thread.sleep(forTimeInterval: 0.1)
            RawClient.send(descriptor, [0x41])
        }
        #expect(RawClient.readAll(descriptor).status == 408)
    }
}
