import HFCrypto
import HFPrimitives
import HFProtocols
import Testing

@Suite struct AuthRequestTests {
    static let challenge = [UInt8](repeating: 0, count: 16)
    static let good = "hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/login/cb"

    @Test func parsesAndRoundTrips() throws {
        let request = try AuthRequest(payload: Self.good)
        #expect(request.challenge == Self.challenge)
        #expect(request.domain == "example.com")
        #expect(request.callback == "https://example.com/login/cb")
        #expect(request.payload == Self.good)
        #expect(try AuthRequest(payload: request.payload) == request)
        // Any order, any case of the scheme, percent-encoded values, upper-case domain.
        let shuffled = try AuthRequest(
            payload: "HFAUTH:?callback=https%3A%2F%2Fexample.com%3A8443%2Fcb&domain=Example.COM&v=1&challenge="
                + Base64URL.encode([UInt8](repeating: 7, count: 64)))
        #expect(shuffled.domain == "example.com")
        #expect(shuffled.callback == "https://example.com:8443/cb")
        // Loopback services may use plain http.
        let loopback = try AuthRequest(
            payload: "hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=127.0.0.1&callback=http://127.0.0.1:8080/auth")
        #expect(loopback.domain == "127.0.0.1")
        // A callback holding the payload's own syntax characters survives a round trip.
        let odd = try AuthRequest(
            challenge: Self.challenge, domain: "example.com", callback: "https://example.com/a&b=c%20d+e")
        #expect(odd.payload.hasSuffix("callback=https://example.com/a%26b=c%2520d+e"))
        #expect(try AuthRequest(payload: odd.payload) == odd)
    }

    static let rejectionCases: [(String, AuthRequestError)] = [
        ("", .badText),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/a b", .badText),
        ("https://example.com/?v=1", .wrongScheme),
        ("hfauth:v=1", .wrongScheme),
        ("hfauth:?v=1&v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/cb", .badParameter("v")),
        ("hfauth:?v=1&x=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/cb", .badParameter("x")),
        ("hfauth:?v=1&challenge&domain=example.com&callback=https://example.com/cb", .badParameter("challenge")),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/%zz", .badParameter("callback")),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com", .missingParameter("callback")),
        ("hfauth:?v=2&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/cb", .unsupportedVersion),
        ("hfauth:?v=1&challenge=AAAA&domain=example.com&callback=https://example.com/cb", .badChallenge),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA==&domain=example.com&callback=https://example.com/cb", .badChallenge),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=exa_mple.com&callback=https://exa_mple.com/cb", .badDomain),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=http://example.com/cb", .badCallback),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=ftp://example.com/cb", .badCallback),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://u@example.com/cb", .badCallback),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/cb%23x", .badCallback),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com:0/cb", .badCallback),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://evil.com/cb", .domainMismatch),
        ("hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com.evil.com/cb", .domainMismatch),
    ]

    @Test(arguments: rejectionCases)
    func rejections(payload: String, error: AuthRequestError) {
        #expect(throws: error) { try AuthRequest(payload: payload) }
    }

    @Test func tooLong() {
        let payload = Self.good + "/" + String(repeating: "a", count: 2048)
        #expect(throws: AuthRequestError.badText) { try AuthRequest(payload: payload) }
    }

    @Test func messagePreimageAndSignature() throws {
        let request = try AuthRequest(payload: Self.good)
        // "HFAUTH" ‖ 01 ‖ varstr("example.com") ‖ varstr(callback) ‖ varstr(16 zero bytes), written out by hand.
        let callback = Array("https://example.com/login/cb".utf8)
        let expected = Array("HFAUTH".utf8) + [1, 11] + Array("example.com".utf8) + [UInt8(callback.count)] + callback
            + [16] + Self.challenge
        #expect(request.message.preimage == expected)
        #expect(request.message.digest == Hash.sha256(expected))
        let key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0x22, count: 32))
        let signature = try key.signature(forDigest: request.message.digest)
        #expect(request.message.isValid(signature, by: key.publicKey))
        let other = AuthMessage(domain: "example.com", callback: "https://example.com/other", challenge: Self.challenge)
        #expect(!other.isValid(signature, by: key.publicKey), "bound to the callback")
    }
}
