import Dispatch
import Foundation
import HFDevnet
import Synchronization
import Testing

@Suite("HTTPServer")
struct HTTPServerTests {
    @Test("port 0 picks a free port on 127.0.0.1 and reports it")
    func portZero() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        #expect(port != 0)
        #expect(server.port == port)
        #expect(server.baseURL == "http://127.0.0.1:\(port)")
        let reply = try RawClient.exchange(port: port, "GET /x HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(reply.status == 200)
    }

    @Test("a request reaches the handler with method, path, decoded query, headers in any case, and body")
    func requestParts() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let request =
            "POST /v1/tx%2Fa?token=a%2Bb+c&flag&x=1 HTTP/1.1\r\nHost: h\r\nx-test: yes\r\n"
            + "Content-Length: 5\r\n\r\nhello"
        let reply = try RawClient.exchange(port: port, request)
        #expect(reply.status == 200)
        #expect(reply.header("Connection") == "close")
        #expect(
            reply.body
                == "method=POST\npath=/v1/tx%2Fa\nquery:token=a+b+c\nquery:flag=\nquery:x=1\nx-test=yes\nbody=hello")
    }

    @Test("HEAD gets the length but no body; Expect: 100-continue gets 100 first")
    func headAndContinue() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let head = try RawClient.exchange(port: port, "HEAD /a HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(Int(head.header("Content-Length") ?? "") ?? 0 > 0)

        let descriptor = try RawClient.connect(port: port)
        RawClient.send(
            descriptor, Array("PUT /c HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8))
        var first = [UInt8](repeating: 0, count: 25)
        let count = first.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 25, 0) }
        #expect(String(decoding: first[0..<max(0, count)], as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
        RawClient.send(descriptor, Array("abc".utf8))
        let reply = RawClient.readAll(descriptor)
        #expect(reply.status == 200)
        #expect(reply.body.hasSuffix("body=abc"))
    }

    @Test("concurrent requests are handled at the same time")
    func concurrentRequests() throws {
        let count = 8
        let inside = Mutex(0)
        let allInside = DispatchSemaphore(value: 0)
        let (server, port) = try startServer { _ in
            let now = inside.withLock { value -> Int in
                value += 1
                return value
            }
            if now == count { for _ in 0..<count { allInside.signal() } }
            let together = allInside.wait(timeout: .now() + 5) == .success
            return .text(together ? "together" : "alone")
        }
        defer { server.stop() }
        // Send every request before reading any reply: a server that handled one at a time would never have all
        // of them in the handler together.
        var descriptors: [Int32] = []
        for _ in 0..<count {
            let descriptor = try RawClient.connect(port: port)
            RawClient.send(descriptor, Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
            descriptors.append(descriptor)
        }
        let bodies = descriptors.map { RawClient.readAll($0).body }
        #expect(bodies == Array(repeating: "together", count: count))
    }

    @Test("stop() while idle closes the port; start() works again")
    func stopIdle() throws {
        let (server, port) = try startServer()
        server.stop()
        #expect(server.port == nil)
        #expect(RawClient.isRefused(port: port))
        server.stop()
        let again = try server.start()
        defer { server.stop() }
        #expect(try RawClient.exchange(port: again, "GET / HTTP/1.1\r\nHost: h\r\n\r\n").status == 200)
        #expect(throws: HTTPServerError.alreadyRunning) { try server.start() }
    }

    @Test("stop() waits for a request in the handler and answers it")
    func stopInFlight() async throws {
        let entered = DispatchSemaphore(value: 0)
        let (server, port) = try startServer { _ in
            entered.signal()
            Thread.sleep(forTimeInterval: 0.3)
            return .text("finished")
        }
        // A real thread, not a Task: other suites may keep the cooperative pool's threads busy for seconds.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<RawClient.Reply, any Error>?
        Thread.detachNewThread {
            result = Result { try RawClient.exchange(port: port, "GET /slow HTTP/1.1\r\nHost: h\r\n\r\n") }
            done.signal()
        }
        #expect(entered.wait(timeout: .now() + 10) == .success)
        server.stop()
        #expect(done.wait(timeout: .now() + 10) == .success)
        let reply = try #require(result).get()
        #expect(reply.status == 200)
        #expect(reply.body == "finished")
        #expect(RawClient.isRefused(port: port))
    }

    @Test("stop() abandons a request that has not fully arrived instead of waiting for the client")
    func stopAbandonsPartial() throws {
        let (server, port) = try startServer(configure: { configuration in
            configuration.idleTimeout = .seconds(30)
        })
        let descriptor = try RawClient.connect(port: port)
        RawClient.send(descriptor, Array("GET / HTTP/1.1\r\nHost:".utf8))
        Thread.sleep(forTimeInterval: 0.1)
        let started = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(RawClient.readAll(descriptor).bytes.isEmpty)
    }

    @Test("more connections than the limit are answered 503")
    func connectionLimit() throws {
        let (server, port) = try startServer(configure: { configuration in
            configuration.maxConnections = 1
            configuration.idleTimeout = .seconds(2)
        })
        defer { server.stop() }
        let holder = try RawClient.connect(port: port)
        Thread.sleep(forTimeInterval: 0.1)
        let reply = try RawClient.exchange(port: port, "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(reply.status == 503)
        RawClient.send(holder, Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(RawClient.readAll(holder).status == 200)
    }
}
