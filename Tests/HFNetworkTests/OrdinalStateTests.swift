import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

/// Issue 17, "Ordinals, third level": the indexer's answers as a tri-state, `unknown` protected.
@Suite("Ordinals: tri-state including 5xx → unknown (protected)")
struct OrdinalStateTests {
    /// A client of `stub` under `/api`, giving up on an attempt after `timeout`.
    func client(_ stub: StubServer, timeout: Duration = .seconds(2)) throws -> OrdinalsClient {
        try OrdinalsClient(baseURL: stub.url("/api"), transport: fastTransport(attempts: 1, timeout: timeout))
    }

    /// The inscribed fixture's outpoint.
    static let inscribed = OrdinalsClient.Outpoint(txid: try! Txid(displayHex: Fixtures.inscribedTxid), vout: 1)

    @Test("ordinal, not ordinal, 500, garbage and a timeout give ordinal, notOrdinal, unknown, unknown, unknown")
    func eachAnswer() async throws {
        let plain = OrdinalsClient.Outpoint(txid: sampleTxid(70), vout: 0)
        let plainTxo = #"{"outpoint":"\#(plain.text)","satoshis":1,"height":800000,"data":{"map":{"app":"x"}}}"#
        let stub = try StubServer([
            "POST /api/txos/outpoints": [
                .init(json("[\(Fixtures.inscribedTxo)]")),
                .init(json("[\(plainTxo)]")),
                .init(json(#"{"message":"internal error"}"#, status: 500)),
                .init(json("<html>not json</html>")),
                .init(json("[]"), delay: .seconds(10)),
            ]
        ])
        let client = try client(stub)
        #expect(await client.states([Self.inscribed]) == [Self.inscribed: .ordinal])
        #expect(await client.states([plain]) == [plain: .notOrdinal])
        #expect(await client.states([plain]) == [plain: .unknown])
        #expect(await client.states([plain]) == [plain: .unknown])
        let impatient = try self.client(stub, timeout: .milliseconds(200))
        #expect(await impatient.states([plain]) == [plain: .unknown])
        #expect(stub.requests.count == 5)
    }

    @Test("an output the indexer does not list (or a refused connection) is unknown")
    func notIndexedAndUnreachable() async throws {
        let missing = OrdinalsClient.Outpoint(txid: sampleTxid(71), vout: 3)
        let stub = try StubServer(["POST /api/txos/outpoints": [.init(json("[]"))]])
        let client = try client(stub)
        #expect(await client.states([missing]) == [missing: .unknown])
        let closed = try OrdinalsClient(
            baseURL: URL(string: "http://127.0.0.1:1/api")!, transport: fastTransport(attempts: 1, timeout: .seconds(2)))
        #expect(await closed.states([missing]) == [missing: .unknown])
    }

    @Test("only notOrdinal may be spent; the verdicts map onto the three states")
    func protection() {
        #expect(OrdinalState.allCases.filter { !$0.isProtected } == [.notOrdinal])
        #expect(OrdinalsClient.Verdict.inscribed(markers: ["origin"]).state == .ordinal)
        #expect(OrdinalsClient.Verdict.plain.state == .notOrdinal)
        #expect(OrdinalsClient.Verdict.notIndexed.state == .unknown)
        #expect(OrdinalsClient.Verdict.unavailable(.invalidConfiguration("x")).state == .unknown)
        #expect(OrdinalState.allCases.map(\.rawValue) == ["ordinal", "notOrdinal", "unknown"])
    }
}
