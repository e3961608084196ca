import Foundation
import HFTestSupport
import Testing

/// Issue 29: `hf-watcher wallet-api serve` answering browsers, over raw HTTP (the exact fields a browser sends and
/// reads): an allowed origin's preflight and answers carry its CORS fields; every refusal path — an origin not
/// allowed (preflight or not), `Origin: null`, a preflight of another method, an `OPTIONS` that is no preflight —
/// gets 403/405/400 in the one error shape, with no CORS field where the page must learn nothing, and nothing is
/// written to the outbox. The HTTP server's own refusals (chunked body, malformed request, too large) are JSON too.
@Suite struct WalletAPICORSLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    static let allowed = "http://localhost:5173"
    static let errorKeys: Set<String> = ["status", "code", "name", "description", "message", "isError"]

    /// The fields of a browser's preflight for `POST /method` from `origin`.
    static func preflight(_ method: String = "getHeight", origin: String, asking: String = "POST", extra: String = "")
        -> String
    {
        "OPTIONS /\(method) HTTP/1.1\r\nOrigin: \(origin)\r\nAccess-Control-Request-Method: \(asking)\r\n"
            + "Access-Control-Request-Headers: content-type\r\nAccept: */*" + extra
    }

    /// The fields of a browser's `POST /method` from `origin` (as `fetch` sends it after the preflight).
    static func post(_ method: String = "getHeight", origin: String, contentType: String = "application/json")
        -> String
    {
        "POST /\(method) HTTP/1.1\r\nOrigin: \(origin)\r\nContent-Type: \(contentType)\r\nAccept: application/json"
    }

    @Test func browsersGetCORSAnswersForAllowedOriginsAndNothingElse() throws {
        let (_, devnet, address) = try watchedColdWallet()
        defer { _ = devnet.terminate() }
        try setUp(try BuiltTool("hf-devnet").run(["fund", address, "50000", "--url", devnet.url]), "hf-devnet fund")
        try setUp(try watch(["sync"]), "watch sync")
        try setUp(try watch(["wallet-api", "allow", Self.allowed]), "wallet-api allow")
        let server = try WalletAPIServer(home: dir.path("watcher"))
        defer { server.stop() }
        let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))

        // The allowed origin: preflight answered, with Private Network Access when Chromium asks for it.
        let preflight = try LoopbackExchange.send(
            Self.preflight(origin: Self.allowed, extra: "\r\nAccess-Control-Request-Private-Network: true"), port: port)
        #expect(preflight.status == 204 && preflight.body.isEmpty, "\(preflight)")
        #expect(preflight.values("Access-Control-Allow-Origin") == [Self.allowed], "that origin, never *")
        #expect(preflight.header("Access-Control-Allow-Methods") == "POST")
        let allowedHeaders = Set(
            (preflight.header("Access-Control-Allow-Headers") ?? "").lowercased().split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(allowedHeaders.isSuperset(of: ["content-type", "originator", "accept"]), "\(preflight)")
        #expect(Int(preflight.header("Access-Control-Max-Age") ?? "") ?? 0 > 0)
        #expect(preflight.header("Vary") == "Origin")
        #expect(preflight.header("Access-Control-Allow-Private-Network") == "true")
        #expect(try LoopbackExchange.send(Self.preflight(origin: Self.allowed), port: port)
            .header("Access-Control-Allow-Private-Network") == nil, "only when asked")

        // The call itself: the real answer, readable by the page.
        let height = try LoopbackExchange.send(Self.post(origin: Self.allowed), body: "{}", port: port)
        #expect(height.status == 200 && (height.object["height"] as? Int ?? 0) > 0, "\(height)")
        #expect(height.values("Access-Control-Allow-Origin") == [Self.allowed] && height.header("Vary") == "Origin")
        // A refusal to the allowed origin carries the fields too, so the application can show its reason.
        let notOffered = try LoopbackExchange.send(
            Self.post("abortAction", origin: Self.allowed), body: "{}", port: port)
        #expect(notOffered.status == 404 && notOffered.header("Access-Control-Allow-Origin") == Self.allowed)
        #expect(Set(notOffered.object.keys) == Self.errorKeys && notOffered.object["isError"] as? Bool == true)
        #expect((notOffered.object["message"] as? String)?.contains("abortAction") == true, "\(notOffered)")

        // Every refusal path.
        func refused(_ reply: LoopbackExchange.Reply, _ status: Int, cors: Bool, _ what: String) {
            #expect(reply.status == status, "\(what): \(reply)")
            #expect(reply.hasCORSFields == cors, "\(what): \(reply)")
            #expect(Set(reply.object.keys) == Self.errorKeys, "\(what): only the error fields: \(reply)")
            #expect(reply.object["isError"] as? Bool == true && reply.object["status"] as? String == "error", "\(what)")
        }
        let evil = "https://evil.example"
        let evilPreflight = try LoopbackExchange.send(Self.preflight(origin: evil), port: port)
        refused(evilPreflight, 403, cors: false, "a preflight from an origin not allowed")
        #expect(
            (evilPreflight.object["message"] as? String)?.contains("hf-watcher wallet-api allow https://evil.example")
                == true, "\(evilPreflight)")
        let evilPost = try LoopbackExchange.send(Self.post(origin: evil), body: "{}", port: port)
        refused(evilPost, 403, cors: false, "a POST from an origin not allowed")
        #expect(evilPost.object["height"] == nil && !evilPost.body.contains("height\":"), "no wallet data")
        let evilCarried = try LoopbackExchange.send(
            Self.post("createHmac", origin: evil, contentType: "text/plain"),
            body: #"{"counterparty":"self","data":[1],"keyID":"1","protocolID":[2,"hf airgap test"]}"#, port: port)
        refused(evilCarried, 403, cors: false, "a simple (text/plain) POST from an origin not allowed")
        let nullPreflight = try LoopbackExchange.send(Self.preflight(origin: "null"), port: port)
        refused(nullPreflight, 403, cors: false, "Origin: null")
        #expect((nullPreflight.object["message"] as? String)?.contains("opaque origin") == true)
        let nullPost = try LoopbackExchange.send(Self.post(origin: "null"), body: "{}", port: port)
        refused(nullPost, 403, cors: false, "a POST with Origin: null")
        let put = try LoopbackExchange.send(Self.preflight(origin: Self.allowed, asking: "PUT"), port: port)
        refused(put, 405, cors: true, "a preflight asking for PUT")
        #expect(put.header("Access-Control-Allow-Methods") == nil, "\(put)")
        let bare = try LoopbackExchange.send("OPTIONS /getHeight HTTP/1.1\r\nOrigin: \(Self.allowed)", port: port)
        refused(bare, 400, cors: true, "an OPTIONS that is no preflight")

        // The server's own refusals, in the same shape.
        let chunked = try LoopbackExchange.send(
            Self.post(origin: Self.allowed) + "\r\nTransfer-Encoding: chunked", port: port)
        refused(chunked, 411, cors: false, "a chunked body (refused before the head is checked)")
        let tooLarge = try LoopbackExchange.send(
            Self.post(origin: Self.allowed) + "\r\nContent-Length: 99999999", port: port)
        refused(tooLarge, 413, cors: true, "a body over 8 MiB, from the allowed origin")
        let tooLargeEvil = try LoopbackExchange.send(
            Self.post(origin: evil) + "\r\nContent-Length: 99999999", port: port)
        refused(tooLargeEvil, 413, cors: false, "a body over 8 MiB, from an origin not allowed")
        let malformed = LoopbackExchange.parse(
            try LoopbackExchange.raw("GET /x HTTP/1.1\nHost: 127.0.0.1\n\n", port: port))
        refused(malformed, 400, cors: false, "a bare LF")
        #expect(malformed.header("Content-Type")?.hasPrefix("application/json") == true)

        // Non-browser callers keep the Originator rule, and get no CORS field.
        let sdk = try LoopbackExchange.send(
            "POST /getHeight HTTP/1.1\r\nOriginator: notes.example\r\nContent-Type: application/json", body: "{}",
            port: port)
        #expect(sdk.status == 200 && !sdk.hasCORSFields, "\(sdk)")
        let pending = try watch(["wallet-api", "pending", "--json"]).stdout
        #expect(pending.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "nothing reached the outbox")
    }
}
