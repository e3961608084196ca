import Foundation
import HFBundles
import HFDevnet
import HFPrimitives
import HFTestSupport
import HFWatcherCore
import Testing

/// Issue 29: the wallet API's answers to browsers (`WalletAPICORS`), in-process: an allowed origin's preflight and
/// every answer to it carry its CORS fields; any other origin is refused 403 with a message naming the command that
/// allows it and nothing a page could read.
@Suite struct WalletAPICORSTests {
    static let allowed = "http://localhost:5173"

    static func request(
        _ method: String = "POST", path: String = "/getNetwork", host: String? = "127.0.0.1:3321", origin: String?,
        originator: String? = nil, requestMethod: String? = nil, privateNetwork: Bool = false
    ) -> WalletAPIRequest {
        WalletAPIRequest(
            httpMethod: method, path: path, host: host, origin: origin, originator: originator, body: [],
            accessControlRequestMethod: requestMethod, accessControlRequestPrivateNetwork: privateNetwork)
    }

    static func headers(_ reply: WalletAPIReply) -> [String: String] {
        Dictionary(reply.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theVerdictOnAnOrigin() {
        let allowed: Set<String> = [Self.allowed]
        #expect(WalletAPICORS.verdict(origin: nil, allowedOrigins: allowed) == .noOrigin)
        #expect(WalletAPICORS.verdict(origin: Self.allowed, allowedOrigins: allowed) == .allowed(Self.allowed))
        #expect(
            WalletAPICORS.verdict(origin: "HTTP://LocalHost:5173", allowedOrigins: allowed)
                == .allowed("HTTP://LocalHost:5173"),
            "compared canonically, echoed as the browser sent it")
        let others = [
            "http://localhost:5174", "https://localhost:5173", "http://127.0.0.1:5173", "https://evil.example",
        ]
        for origin in others {
            guard case .refused(let refusal) = WalletAPICORS.verdict(origin: origin, allowedOrigins: allowed) else {
                Issue.record("\(origin) was not refused")
                continue
            }
            #expect(refusal.status == 403 && refusal.code == "WERR_UNAUTHORIZED")
            #expect(refusal.description.contains("`hf-watcher wallet-api allow \(origin)`"), "\(refusal.description)")
        }
        for origin in ["null", "file://", "chrome-extension://abc", "http://a.example/path", ""] {
            guard case .refused(let refusal) = WalletAPICORS.verdict(origin: origin, allowedOrigins: allowed) else {
                Issue.record("\(origin) was not refused")
                continue
            }
            #expect(refusal.status == 403 && refusal.description.contains("cannot be allowed"), "\(refusal)")
        }
    }

    @Test func aPreflightOfAPostIsAnsweredAndEveryOtherOptionsRefused() {
        let answered = WalletAPICORS.preflight(Self.request("OPTIONS", origin: Self.allowed, requestMethod: "POST"))
        #expect(answered.status == 204 && answered.body.isEmpty)
        #expect(
            Self.headers(answered) == [
                "Access-Control-Allow-Methods": "POST",
                "Access-Control-Allow-Headers": "Accept, Content-Type, Originator",
                "Access-Control-Max-Age": "600",
            ])
        let privateNetwork = WalletAPICORS.preflight(
            Self.request("OPTIONS", origin: Self.allowed, requestMethod: "POST", privateNetwork: true))
        #expect(Self.headers(privateNetwork)["Access-Control-Allow-Private-Network"] == "true")

        let put = WalletAPICORS.preflight(Self.request("OPTIONS", origin: Self.allowed, requestMethod: "PUT"))
        #expect(put.status == 405 && put.headers.isEmpty)
        let notPreflight = WalletAPICORS.preflight(Self.request("OPTIONS", origin: Self.allowed))
        #expect(notPreflight.status == 400 && notPreflight.headers.isEmpty)
        let rebound = WalletAPICORS.preflight(
            Self.request("OPTIONS", host: "wallet.evil.example", origin: Self.allowed, requestMethod: "POST"))
        #expect(rebound.status == 403 && rebound.headers.isEmpty)
    }

    @Test func theAPIAnswersAnAllowedOriginWithItsFieldsAndRefusesEveryOther() throws {
        let setup = try WalletAPITests.Setup()
        defer { setup.server.stop() }
        let home = try WatcherHome.open(explicit: setup.homePath)
        _ = try WalletAPIOrigins.change(Self.allowed, allow: true, home: home, network: .regtest)
        let api = try setup.api()
        let cors = ["Access-Control-Allow-Origin": Self.allowed, "Vary": "Origin"]

        let preflight = api.respond(to: Self.request("OPTIONS", origin: Self.allowed, requestMethod: "POST"))
        #expect(preflight.status == 204)
        #expect(Self.headers(preflight).filter { cors.keys.contains($0.key) } == cors)
        let result = api.respond(to: Self.request(origin: Self.allowed))
        let expected = WalletAPIReply.result(["network": .string("testnet")])
        #expect(result == expected.adding(WalletAPICORS.answerHeaders(origin: Self.allowed)))
        #expect(Self.headers(result) == cors)
        // A refusal to an allowed origin is readable by its page: the reason reaches the application.
        let notOffered = api.respond(to: Self.request(path: "/abortAction", origin: Self.allowed))
        #expect(notOffered.status == 404 && Self.headers(notOffered) == cors)
        let put = api.respond(to: Self.request("OPTIONS", origin: Self.allowed, requestMethod: "PUT"))
        #expect(put.status == 405 && Self.headers(put) == cors)
        // The browser names the caller: the origin's host, whatever Originator a page sends beside it.
        #expect(
            try Self.request(origin: Self.allowed, originator: "bank.example").checked(allowedOrigins: [Self.allowed])
                .originator == "localhost")

        for request in [
            Self.request("OPTIONS", origin: "https://evil.example", requestMethod: "POST"),
            Self.request(origin: "https://evil.example"),
            Self.request(origin: "https://evil.example", originator: "notes.example"),
            Self.request("OPTIONS", origin: "null", requestMethod: "POST"),
            Self.request(origin: "null"),
        ] {
            let reply = api.respond(to: request)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
            let what = "\(request.httpMethod) \(request.origin ?? "")"
            #expect(reply.status == 403 && reply.headers.isEmpty, "no CORS field: \(what)")
            #expect(Set(object.keys) == ["status", "code", "name", "description", "message", "isError"], "\(object)")
            #expect(object["code"] as? String == "WERR_UNAUTHORIZED")
            #expect((object["message"] as? String)?.contains("hf-watcher wallet-api allow") == true, "\(object)")
        }
        #expect(api.outbox.pending(network: .regtest).isEmpty)
        // No Origin: not a browser; OPTIONS stays what it was (not a POST).
        let sdkOptions = Self.request("OPTIONS", origin: nil, originator: "app", requestMethod: "POST")
        #expect(api.respond(to: sdkOptions).status == 400)
    }

    @Test func theServersOwnRefusalsTakeTheSameShape() throws {
        let setup = try WalletAPITests.Setup()
        defer { setup.server.stop() }
        let home = try WatcherHome.open(explicit: setup.homePath)
        _ = try WalletAPIOrigins.change(Self.allowed, allow: true, home: home, network: .regtest)
        let api = try setup.api()
        let tooLarge = api.serverRefusal(status: 413, message: "the request body exceeds 8 bytes", origin: Self.allowed)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(tooLarge.body)) as? [String: Any])
        #expect(tooLarge.status == 413 && Self.headers(tooLarge)["Access-Control-Allow-Origin"] == Self.allowed)
        #expect(object["name"] as? String == "WERR_BAD_REQUEST" && object["isError"] as? Bool == true)
        #expect(object["message"] as? String == "the request body exceeds 8 bytes")
        #expect(api.serverRefusal(status: 400, message: "malformed", origin: "https://evil.example").headers.isEmpty)
        #expect(api.serverRefusal(status: 400, message: "malformed", origin: nil).headers.isEmpty)
        let slowReply = api.serverRefusal(status: 408, message: "slow", origin: nil)
        let slow = try #require(try JSONSerialization.jsonObject(with: Data(slowReply.body)) as? [String: Any])
        #expect(slow["code"] as? String == "WERR_TIMEOUT")
    }
}
