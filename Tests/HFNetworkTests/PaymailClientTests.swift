import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import HFProtocols
import Testing

@Suite("PaymailClient")
struct PaymailClientTests {
    static let alice = try! PaymailAddress("alice@example.com")

    /// A client of `stub`'s `/pm` as host override.
    func client(_ stub: StubServer) throws -> PaymailClient {
        try PaymailClient(hostOverride: stub.url("/pm"), transport: fastTransport(attempts: 2))
    }

    @Test func resolvesAgainstTheDevnetHost() async throws {
        let chain = DevnetChain()
        let server = HTTPServer(handler: DevnetAPI.handler(for: chain))
        let port = try server.start()
        defer { server.stop() }
        let client = try PaymailClient(
            hostOverride: URL(string: "http://127.0.0.1:\(port)/paymail")!, transport: fastTransport())
        let carol = try PaymailAddress("carol@devnet.example")
        let resolution = try await client.resolve(carol, satoshis: 1001)
        #expect(resolution.capabilities.version == "1.0")
        #expect(resolution.capabilities.flag(PaymailCapabilities.senderValidation) == false)
        #expect(resolution.publicKey.pubkey.count == 33)
        #expect(resolution.publicKey.handle == "carol@devnet.example")
        #expect(resolution.destination.outputs.map(\.satoshis) == [501, 500])
        #expect(resolution.destination.outputs[1].script == DevnetPaymail.address(alias: "carol", index: 1).lockingScript)
        #expect(!resolution.destination.reference.isEmpty)

        // Unknown alias: 404 from pki.
        await #expect(throws: NetworkError.self) {
            try await client.resolve(PaymailAddress("dave@devnet.example"), satoshis: 5)
        }

    }

    @Test func malformedCapabilityDocumentsAreClearErrors() async throws {
        for body in [
            #"{"capabilities":{}}"#, #"{"bsvalias":"1.0"}"#, #"{"bsvalias":"1.0","capabilities":[]}"#,
            #"{"bsvalias":1,"capabilities":{}}"#, #"["bsvalias"]"#, "<html>oops</html>", #"{"bsvalias":"","capabilities":{}}"#,
        ] {
            let stub = try StubServer(routes: ["GET /pm/.well-known/bsvalias": json(body)])
            do {
                _ = try await client(stub).capabilities(of: "example.com")
                Issue.record("accepted \(body)")
            } catch let error as NetworkError {
                guard case .malformedResponse(_, let reason) = error else {
                    Issue.record("\(body): \(error)")
                    continue
                }
                #expect(!reason.isEmpty)
                #expect(error.description.contains("Paymail"))
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func statusFailures() async throws {
        let missing = try StubServer(routes: ["GET /pm/.well-known/bsvalias": .status(404)])
        await #expect(throws: NetworkError.self) { try await client(missing).capabilities(of: "example.com") }
        let failing = try StubServer(routes: ["GET /pm/.well-known/bsvalias": .status(500)])
        do {
            _ = try await client(failing).capabilities(of: "example.com")
            Issue.record("a 500 was accepted")
        } catch let error as NetworkError {
            guard case .serverFailure(_, 500, 2) = error else {
                Issue.record("\(error)")
                return
            }
        } catch {
            Issue.record("\(error)")
        }
        #expect(failing.requests.count == 2, "a 5xx is retried")
    }

    @Test func destinationAndPKIChecks() async throws {
        let key = "02" + String(repeating: "ab", count: 32)
        let goodPKI = #"{"bsvalias":"1.0","handle":"alice@example.com","pubkey":"\#(key)"}"#
        let goodDestination = #"{"outputs":[{"script":"51","satoshis":100}],"reference":"r"}"#
        let cases: [(String, String, String)] = [
            (#"{"bsvalias":"1.0","handle":"bob@example.com","pubkey":"\#(key)"}"#, goodDestination, "another handle"),
            (#"{"bsvalias":"1.0","handle":"alice@example.com","pubkey":"04ab"}"#, goodDestination, "pubkey"),
            (#"{"handle":"alice@example.com","pubkey":"\#(key)"}"#, goodDestination, "bsvalias"),
            (goodPKI, #"{"outputs":[],"reference":"r"}"#, "no outputs"),
            (goodPKI, #"{"outputs":[{"script":"","satoshis":100}],"reference":"r"}"#, "script"),
            (goodPKI, #"{"outputs":[{"script":"zz","satoshis":100}],"reference":"r"}"#, "script"),
            (goodPKI, #"{"outputs":[{"script":"51","satoshis":99}],"reference":"r"}"#, "add up"),
            (goodPKI, #"{"outputs":[{"script":"51","satoshis":100}],"reference":""}"#, "reference"),
            (goodPKI, #"{"outputs":[{"script":"51","satoshis":100}]}"#, "reference"),
            (goodPKI, #"{"outputs":[{"script":"51","satoshis":-1}],"reference":"r"}"#, "could not be used"),
        ]
        for (pki, destination, expected) in cases {
            let stub = try StubServer(routes: [
                "GET /pm/id/alice@example.com": json(pki), "POST /pm/dest/alice@example.com": json(destination),
            ])
            let capabilities = PaymailCapabilities(
                version: "1.0",
                values: [
                    "pki": .template("http://127.0.0.1:\(stub.port)/pm/id/{alias}@{domain.tld}"),
                    "2a40af698840": .template("http://127.0.0.1:\(stub.port)/pm/dest/{alias}@{domain.tld}"),
                ])
            let client = try client(stub)
            do {
                _ = try await client.publicKey(of: Self.alice, capabilities: capabilities)
                _ = try await client.paymentDestination(for: Self.alice, satoshis: 100, capabilities: capabilities)
                Issue.record("accepted \(pki) / \(destination)")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
            }
            if let post = stub.requests("POST /pm/dest/alice@example.com").first {
                #expect(post.body == Array(#"{"satoshis":100}"#.utf8))
                #expect(post.headers["Content-Type"] == "application/json")
            }
        }
        // A host without the P2P capability, and a template that is not https.
        let bare = PaymailCapabilities(version: "1.0", values: ["pki": .template("http://example.com/{alias}")])
        let client = try PaymailClient(transport: fastTransport(attempts: 1))
        await #expect(throws: NetworkError.self) {
            try await client.paymentDestination(for: Self.alice, satoshis: 1, capabilities: bare)
        }
        await #expect(throws: NetworkError.self) { try await client.publicKey(of: Self.alice, capabilities: bare) }
        #expect(throws: NetworkError.self) { try PaymailClient(hostOverride: URL(string: "http://example.com/pm")!) }
    }
}
