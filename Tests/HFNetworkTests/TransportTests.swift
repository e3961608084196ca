import Foundation
import HFDevnet
import HFNetwork
import Synchronization
import Testing

@Suite("HTTPTransport retries, timeouts and limits")
struct TransportTests {
    /// A request to `path` on `stub`.
    func request(_ stub: StubServer, _ path: String, method: String = "GET") -> NetworkRequest {
        NetworkRequest(service: "Test", method: method, url: stub.url(path))
    }

    @Test("500 then success: retried, the success is returned")
    func serverErrorThenSuccess() async throws {
        let stub = try StubServer(["GET /x": [.init(.status(500)), .init(.text("ok"))]])
        let response = try await fastTransport().send(request(stub, "/x"))
        #expect(response.status == 200)
        #expect(response.body == Array("ok".utf8))
        #expect(stub.requests("GET /x").count == 2)
    }

    @Test("500 forever: a clear error after the retry budget")
    func serverErrorForever() async throws {
        let stub = try StubServer(routes: ["GET /x": .status(503)])
        let error = await #expect(throws: NetworkError.self) { try await fastTransport().send(request(stub, "/x")) }
        let call = NetworkError.ServiceCall(service: "Test", method: "GET", resource: "127.0.0.1:\(stub.port)/x")
        #expect(error == .serverFailure(call, status: 503, attempts: 3))
        #expect(stub.requests("GET /x").count == 3)
        let text = String(describing: error)
        #expect(text.contains("HTTP 503 after 3 attempts"))
        #expect(text.contains("try again later"))
    }

    @Test("404 and other 4xx are answers: returned at once, never retried")
    func clientErrorsNotRetried() async throws {
        let stub = try StubServer(routes: ["GET /x": .status(404), "GET /y": .status(400)])
        #expect(try await fastTransport().send(request(stub, "/x")).status == 404)
        #expect(try await fastTransport().send(request(stub, "/y")).status == 400)
        #expect(stub.requests.count == 2)
    }

    @Test("429 without Retry-After: backoff, then rate-limited after the budget")
    func rateLimited() async throws {
        let stub = try StubServer(routes: ["GET /x": .text("Too Many Requests", status: 429)])
        let events = Mutex<[TransportEvent]>([])
        let transport = fastTransport(observer: { event in events.withLock { $0.append(event) } })
        let error = await #expect(throws: NetworkError.self) { try await transport.send(request(stub, "/x")) }
        guard case .rateLimited(_, let attempts) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(attempts == 3)
        let delays = events.withLock { $0 }.map { event -> Duration in
            if case .retrying(_, let delay) = event { return delay }
            return .zero
        }
        #expect(delays == [.milliseconds(10), .milliseconds(20)])
        #expect(String(describing: error!).contains("429 Too Many Requests"))
    }

    @Test("429 with Retry-After: the service's wait is honoured, then success")
    func retryAfterHonoured() async throws {
        var limited = HTTPResponse.text("slow down", status: 429)
        limited.headers.set(name: "Retry-After", value: "1")
        let stub = try StubServer(["GET /x": [.init(limited), .init(.text("ok"))]])
        let events = Mutex<[TransportEvent]>([])
        let transport = fastTransport(
            maxDelay: .seconds(5), observer: { event in events.withLock { $0.append(event) } })
        let started = ContinuousClock.now
        #expect(try await transport.send(request(stub, "/x")).status == 200)
        #expect(ContinuousClock.now - started >= .milliseconds(900))
        guard case .retrying(let failure, let delay)? = events.withLock({ $0.first }) else {
            Issue.record("no retry event")
            return
        }
        #expect(delay == .seconds(1))
        guard case .rateLimited = failure else {
            Issue.record("got \(failure)")
            return
        }
    }

    @Test("a slow server times out on every attempt: timedOut with the attempt count")
    func slowServerTimesOut() async throws {
        let stub = try StubServer(["GET /slow": [.init(.text("late"), delay: .seconds(10))]])
        let transport = fastTransport(attempts: 2, timeout: .milliseconds(200))
        let error = await #expect(throws: NetworkError.self) { try await transport.send(request(stub, "/slow")) }
        guard case .timedOut(_, let seconds, let attempts) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(attempts == 2)
        #expect(seconds == 0.2)
        #expect(String(describing: error!).contains("did not answer within 0.2 s after 2 attempts"))
    }

    @Test("nothing listening: unreachable after the retry budget")
    func connectionRefused() async throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        let url = refusing.url("/x")
        let error = await #expect(throws: NetworkError.self) {
            try await fastTransport(attempts: 2).send(NetworkRequest(service: "Test", method: "GET", url: url))
        }
        guard case .unreachable(let call, let reason, let attempts) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(call.resource == "127.0.0.1:\(port)/x")
        #expect(reason == "connection refused")
        #expect(attempts == 2)
    }

    @Test("a body over the limit is refused, announced or not")
    func bodyTooLarge() async throws {
        let stub = try StubServer(routes: ["GET /big": .bytes([UInt8](repeating: 0x61, count: 5000))])
        let transport = fastTransport(maxResponseBytes: 1000)
        let error = await #expect(throws: NetworkError.self) { try await transport.send(request(stub, "/big")) }
        guard case .responseTooLarge(_, let limit) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(limit == 1000)
        var small = request(stub, "/big")
        small.maxResponseBytes = 4999
        await #expect(throws: NetworkError.self) { try await fastTransport().send(small) }
        small.maxResponseBytes = 5000
        #expect(try await fastTransport().send(small).body.count == 5000)
    }

    @Test("redirects are not followed: the 3xx is the answer and the target is never asked")
    func redirectsNotFollowed() async throws {
        var redirect = HTTPResponse.status(302)
        let stub = try StubServer(routes: ["GET /moved": .text("secret target")])
        redirect.headers.set(name: "Location", value: stub.url("/moved").absoluteString)
        let origin = try StubServer(routes: ["GET /x": redirect])
        let response = try await fastTransport().send(request(origin, "/x"))
        #expect(response.status == 302)
        #expect(stub.requests.isEmpty)
    }

    @Test("cancelling the caller's task cancels the request, however early", arguments: [0, 1, 3, 10, 100])
    func cancellation(afterMilliseconds wait: Int) async throws {
        let stub = try StubServer(["GET /slow": [.init(.text("late"), delay: .seconds(10))]])
        let transport = fastTransport(timeout: .seconds(5))
        let task = Task { try await transport.send(request(stub, "/slow")) }
        if wait > 0 { try await Task.sleep(for: .milliseconds(wait)) }
        task.cancel()
        let result = await task.result
        guard case .failure(let error as NetworkError) = result, case .cancelled = error else {
            Issue.record("got \(result)")
            return
        }
    }
}
