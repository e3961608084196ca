import Foundation
import HFPrimitives
import Testing

@testable import HFNetwork

@Suite("Configuration: base URLs, API keys, retry policy")
struct ConfigurationTests {
    /// Base URLs every client refuses.
    static let badURLs = [
        "http://api.whatsonchain.com/v1/bsv/main", "ftp://127.0.0.1/x", "https://user:pw@example.com/v1",
        "https://example.com/v1?x=1", "https://example.com/v1#f", "/relative/path",
    ]

    @Test("unusable base URLs are refused", arguments: badURLs)
    func badBaseURL(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(throws: NetworkError.self) { try WhatsOnChainClient(baseURL: url) }
        #expect(throws: NetworkError.self) { try ARCClient(name: "x", baseURL: url) }
    }

    @Test("https anywhere and http on loopback are accepted; public defaults exist for main and test")
    func goodBaseURLs() throws {
        for text in [
            "https://api.whatsonchain.com/v1/bsv/main", "http://127.0.0.1:1234/woc/v1/bsv/test",
            "http://localhost:8080/", "http://[::1]:8080/arc",
        ] {
            _ = try WhatsOnChainClient(baseURL: try #require(URL(string: text)))
        }
        #expect(
            WhatsOnChainClient.publicBaseURL(for: .main)?.absoluteString == "https://api.whatsonchain.com/v1/bsv/main")
        #expect(
            JungleBusClient.publicBaseURL(for: .test)?.absoluteString == "https://testnet.junglebus.gorillapool.io/v1")
        #expect(OrdinalsClient.publicBaseURL(for: .regtest) == nil)
        #expect(try ARCClient.gorillaPool(network: .main).baseURL.absoluteString == "https://arc.gorillapool.io")
        #expect(try ARCClient.taal(network: .test, apiKey: nil).name == "taal")
        #expect(throws: NetworkError.self) { try ARCClient.gorillaPool(network: .regtest) }
    }

    @Test("API keys: trimmed, visible ASCII only, never printed")
    func apiKeys() throws {
        let key = try APIKey("  mainnet_0123abcd\n")
        #expect(key.headerValue == "mainnet_0123abcd")
        #expect(key.withScheme("Bearer").headerValue == "Bearer mainnet_0123abcd")
        for text in ["", "   ", "a b", "a\u{7}b", "ключ", String(repeating: "k", count: 5000)] {
            let error = #expect(throws: NetworkError.self) { try APIKey(text) }
            if !text.isEmpty && text.count < 100 { #expect(!String(describing: error).contains(text)) }
        }
        var dumped = ""
        dump(key, to: &dumped)
        for text in [String(describing: key), String(reflecting: key), dumped, "\(key)"] {
            #expect(!text.contains("0123abcd"))
        }
    }

    @Test("backoff doubles from the base delay up to the cap; Retry-After is capped too")
    func backoff() {
        let policy = RetryPolicy()
        #expect((1...8).map { policy.delay(afterAttempt: $0) } == [1, 2, 4, 8, 16, 32, 60, 60].map { .seconds($0) })
        #expect(policy.delay(afterAttempt: 1000) == .seconds(60))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(5)) == .seconds(5))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3600)) == .seconds(60))
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(RetryPolicy.none.maxAttempts == 1)
    }

    @Test("Retry-After: seconds or an HTTP date")
    func retryAfter() {
        #expect(RetryAfter.parse("120") == .seconds(120))
        #expect(RetryAfter.parse(" 0 ") == .zero)
        let now = Date(timeIntervalSince1970: 784_111_767)  // Sun, 06 Nov 1994 08:49:27 GMT
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(10))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:17 GMT", now: now) == .zero)
        for junk in ["", "-1", "1.5", "soon", "99999999999"] { #expect(RetryAfter.parse(junk) == nil) }
    }

    @Test("Retry-After: a combining mark is refused, not a DateFormatter trap (found by FuzzProviderResponses)")
    func retryAfterNonASCII() {
        #expect(RetryAfter.parse("S-\u{31C}ww") == nil)
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT\u{301}") == nil)
        #expect(RetryAfter.parse("Sün, 06 Nov 1994 08:49:37 GMT") == nil)
    }

    @Test("path segments and query values are percent-encoded")
    func encoding() throws {
        #expect(ServiceEndpoint.encoded("a/b c+d_~.-") == "a%2Fb%20c%2Bd_~.-")
        let endpoint = try ServiceEndpoint(service: "T", baseURL: try #require(URL(string: "https://h.example/base/")))
        let request = try endpoint.request("GET", ["x y", "z"], query: [("token", "a+b=c")])
        #expect(request.url.absoluteString == "https://h.example/base/x%20y/z?token=a%2Bb%3Dc")
        #expect(request.call.resource == "h.example/base/x y/z")
    }
}
