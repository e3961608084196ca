import HFDevnet
import Testing

@Suite("HTTPRouter and HTTPResponse")
struct HTTPRouterTests {
    /// A router with a few routes.
    static var router: HTTPRouter {
        var router = HTTPRouter()
        router.add("GET", "/v1/tx/{txid}") { _, parameters in .text("tx \(parameters["txid"] ?? "?")") }
        router.add("POST", "/v1/tx") { request, _ in .text("posted \(request.body.count)") }
        router.add("GET", "/v1/policy") { _, _ in .json(["ok": true]) }
        return router
    }

    @Test("routes by method and pattern, with decoded parameters")
    func routes() {
        let router = Self.router
        #expect(router.respond(to: HTTPRequest(method: "GET", path: "/v1/tx/ab%20c")).body == Array("tx ab c".utf8))
        #expect(
            router.respond(to: HTTPRequest(method: "POST", path: "/v1/tx", body: [1, 2])).body == Array("posted 2".utf8)
        )
        let json = router.respond(to: HTTPRequest(method: "GET", path: "/v1/policy"))
        #expect(json.headers["content-type"] == "application/json; charset=utf-8")
        #expect(json.body == Array("{\"ok\":true}".utf8))
    }

    @Test("an unknown path is 404; a known path with another method is 405 with Allow")
    func notFoundAndMethod() {
        let router = Self.router
        #expect(router.respond(to: HTTPRequest(method: "GET", path: "/v1/nothing")).status == 404)
        #expect(router.respond(to: HTTPRequest(method: "GET", path: "/v1/tx/")).status == 404)
        let wrong = router.respond(to: HTTPRequest(method: "DELETE", path: "/v1/tx"))
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "POST")
    }

    @Test("headers compare case-insensitively and keep order and repeats")
    func headers() {
        var headers: HTTPHeaders = ["Content-Type": "a", "X-Many": "1"]
        headers.add(name: "x-many", value: "2")
        #expect(headers["CONTENT-TYPE"] == "a")
        #expect(headers.values(for: "X-MANY") == ["1", "2"])
        headers.set(name: "X-Many", value: "3")
        #expect(headers.values(for: "x-many") == ["3"])
        headers.remove(name: "content-type")
        #expect(headers.count == 1)
    }

    @Test("framing fields and injected line breaks from a handler are never written")
    func unsafeHeadersDropped() throws {
        let (server, port) = try startServer { _ in
            HTTPResponse(
                status: 200,
                headers: ["X-Ok": "fine", "X-Evil": "a\r\nSet-Cookie: x", "Content-Length": "999", "Bad Name": "v"],
                body: Array("body".utf8))
        }
        defer { server.stop() }
        let reply = try RawClient.exchange(port: port, "GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(reply.header("X-Ok") == "fine")
        #expect(reply.header("Set-Cookie") == nil)
        #expect(reply.header("X-Evil") == nil)
        #expect(reply.header("Content-Length") == "4")
        #expect(reply.body == "body")
    }
}
