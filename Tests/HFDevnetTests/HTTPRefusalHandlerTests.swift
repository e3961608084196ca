import Foundation
import HFDevnet
import Synchronization
import Testing

/// Issue 29: a server given an `HTTPRefusalHandler` answers its own refusals through it (the wallet API answers them
/// as JSON), with the request's header fields only when its head was read and checked; without one, plain text.
@Suite struct HTTPRefusalHandlerTests {
    /// The refusals a server passed to its handler.
    final class Seen: Sendable {
        private let refusals = Mutex<[HTTPRefusal]>([])
        func append(_ refusal: HTTPRefusal) { refusals.withLock { $0.append(refusal) } }
        var all: [HTTPRefusal] { refusals.withLock { $0 } }
    }

    /// A server whose refusals are answered `{"refused":STATUS}` and recorded.
    static func start(maxBodyBytes: Int = 1024, maxConnections: Int = 64) throws -> (HTTPServer, UInt16, Seen) {
        let seen = Seen()
        var configuration = HTTPServer.Configuration()
        configuration.maxBodyBytes = maxBodyBytes
        configuration.maxConnections = maxConnections
        configuration.idleTimeout = .milliseconds(300)
        let server = HTTPServer(
            configuration: configuration,
            refusal: { refusal in
                seen.append(refusal)
                return .json(text: #"{"refused":\#(refusal.status)}"#, status: refusal.status)
            },
            handler: { _ in .text("reached the handler", status: 299) })
        return (server, try server.start(), seen)
    }

    @Test func everyRefusalGoesThroughTheHandler() throws {
        let (server, port, seen) = try Self.start()
        defer { server.stop() }
        for (request, status) in HTTPServerLimitsTests.malformed {
            let reply = try RawClient.exchange(port: port, request)
            #expect(reply.status == status, "\(request.debugDescription)")
            #expect(reply.body == #"{"refused":\#(status)}"#, "\(request.debugDescription): \(reply.text)")
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        }
        #expect(seen.all.count == HTTPServerLimitsTests.malformed.count)
        #expect(seen.all.allSatisfy { !$0.message.isEmpty })
    }

    @Test func theRequestHeadersArePassedOnlyOnceTheHeadWasChecked() throws {
        let (server, port, seen) = try Self.start()
        defer { server.stop() }
        let tooLarge = try RawClient.exchange(
            port: port, "POST /x HTTP/1.1\r\nHost: h\r\nOrigin: http://localhost:5173\r\nContent-Length: 2048\r\n\r\n")
        #expect(tooLarge.status == 413 && tooLarge.body == #"{"refused":413}"#)
        let malformed = try RawClient.exchange(port: port, "GET / HTTP/1.1\r\nOrigin: http://a\nHost: h\r\n\r\n")
        #expect(malformed.status == 400)
        let refusals = seen.all
        #expect(refusals.count == 2)
        #expect(
            refusals.first?.requestHeaders["origin"] == "http://localhost:5173", "a body too large: the head was read")
        #expect(refusals.last?.requestHeaders.count == 0, "nothing from a malformed head")
    }

    @Test func withoutAHandlerTheRefusalIsPlainText() throws {
        let (server, port) = try startServer { _ in .text("reached the handler", status: 299) }
        defer { server.stop() }
        let reply = try RawClient.exchange(port: port, "GET / HTTP/1.1\r\nHost: h\r\nExpect: magic\r\n\r\n")
        #expect(reply.status == 417 && reply.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(reply.body == "417 Expectation Failed: only \"Expect: 100-continue\" is supported\n")
    }
}
