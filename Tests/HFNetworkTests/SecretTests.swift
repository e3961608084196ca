import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Synchronization
import Testing

@Suite("API keys never appear in errors, descriptions or logs")
struct SecretTests {
    static let key = "mainnet_5ecret0123456789abcdef0123456789"

    /// Every text a value can print as.
    func texts(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        return [String(describing: value), String(reflecting: value), dumped, "\(value)"]
    }

    /// A handler that echoes every request header (the key included) back in an error body.
    static func echoing(status: Int, wrap: @escaping @Sendable (String) -> String) -> HTTPHandler {
        { request in
            let echoed = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            return .json(text: wrap(echoed), status: status)
        }
    }

    @Test("WhatsOnChain: the key goes in both headers; echoed in an error body or the error field, it is redacted")
    func whatsOnChain() async throws {
        let server = HTTPServer { request in
            let echoed = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            if request.path.hasSuffix("/chain/info") { return .text("bad request: \(echoed)", status: 400) }
            if request.path.hasSuffix("/history") {
                return .json(text: "{\"result\":[],\"error\":\"\(echoed)\"}")
            }
            return .text("\(echoed)", status: 503)
        }
        let port = try server.start()
        defer { server.stop() }
        let events = Mutex<[String]>([])
        let transport = fastTransport(attempts: 2, observer: { event in events.withLock { $0.append("\(event)") } })
        let client = try WhatsOnChainClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)/v1/bsv/main")!, apiKey: try APIKey(Self.key),
            transport: transport)
        var errors: [NetworkError] = []
        do { _ = try await client.chainInfo() } catch { errors.append(error) }
        do { _ = try await client.confirmedHistory(of: sampleAddress()) } catch { errors.append(error) }
        do { _ = try await client.latestHeaders() } catch { errors.append(error) }
        #expect(errors.count == 3)
        guard case .unexpectedStatus(_, 400, let message) = errors[0] else {
            Issue.record("got \(errors[0])")
            return
        }
        #expect(message.contains("Authorization=<redacted>"))
        #expect(message.lowercased().contains("woc-api-key=<redacted>"))
        for text in errors.flatMap(texts) + events.withLock({ $0 }) + texts(client) {
            #expect(!text.contains(Self.key), "leaked in: \(text)")
            #expect(!text.contains("5ecret"), "leaked in: \(text)")
        }
        #expect(!events.withLock { $0 }.isEmpty)
    }

    @Test("ARC: the Bearer key echoed in a rejection, a status text or an error body is redacted")
    func arc() async throws {
        let txid = sampleTxid(3)
        let rejecting = HTTPServer(
            handler: Self.echoing(status: 465) { echoed in
                "{\"status\":465,\"title\":\"Fee too low\",\"detail\":\"\(echoed)\",\"extraInfo\":\"\(Self.key)\"}"
            })
        let processing = HTTPServer(
            handler: Self.echoing(status: 200) { echoed in
                "{\"txid\":\"\(txid.displayHex)\",\"txStatus\":\"REJECTED\",\"extraInfo\":\"\(echoed)\"}"
            })
        let refusing = HTTPServer(handler: Self.echoing(status: 418) { echoed in "{\"note\":\"\(echoed)\"}" })
        var outcomes: [ARCClient.SubmitOutcome] = []
        var errors: [NetworkError] = []
        for server in [rejecting, processing, refusing] {
            let port = try server.start()
            defer { server.stop() }
            let client = try ARCClient(
                name: "taal", baseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKey: try APIKey(Self.key),
                transport: fastTransport())
            do {
                outcomes.append(try await Broadcaster(primary: client).broadcast([1, 2, 3], txid: txid).outcome)
            } catch {
                errors.append(error)
            }
        }
        #expect(outcomes.count == 2)
        #expect(errors.count == 1)
        guard case .rejected(let rejection) = outcomes[0] else {
            Issue.record("got \(outcomes[0])")
            return
        }
        #expect(rejection.detail.contains("Authorization=Bearer <redacted>"))
        #expect(rejection.extraInfo == "<redacted>")
        for text in outcomes.flatMap(texts) + errors.flatMap(texts) {
            #expect(!text.contains("5ecret"), "leaked in: \(text)")
        }
    }
}
