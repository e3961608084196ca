import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

@Suite("OrdinalsClient fails closed")
struct OrdinalsClientTests {
    /// A client of `stub` under `/api`.
    func client(_ stub: StubServer, timeout: Duration = .seconds(2)) throws -> OrdinalsClient {
        try OrdinalsClient(baseURL: stub.url("/api"), transport: fastTransport(attempts: 2, timeout: timeout))
    }

    /// The inscribed fixture's outpoint.
    static let inscribed = OrdinalsClient.Outpoint(txid: try! Txid(displayHex: Fixtures.inscribedTxid), vout: 1)

    @Test("an inscription is never spendable; a plain output known to the indexer is")
    func inscribedAndPlain() async throws {
        let plain = OrdinalsClient.Outpoint(txid: sampleTxid(1), vout: 0)
        let plainTxo = """
            {"txid":"\(plain.txid.displayHex)","vout":0,"outpoint":"\(plain.text)","satoshis":1,"spend":"",
             "height":800000,"idx":3,"data":{"map":{"app":"x"}},"someNewField":[1]}
            """
        let stub = try StubServer(routes: [
            "GET /api/txos/\(Self.inscribed.text)": json(Fixtures.inscribedTxo),
            "GET /api/txos/\(plain.text)": json(plainTxo),
        ])
        let client = try client(stub)
        let verdict = await client.check(Self.inscribed)
        #expect(verdict == .inscribed(markers: ["origin", "insc"]))
        #expect(!verdict.maySpend)
        #expect(await client.check(plain) == .plain)
        #expect(await client.check(plain).maySpend)
        #expect(stub.requests.first?.queryValue("script") == "false")
    }

    @Test("unknown (404), 5xx, a timeout or a malformed reply all forbid spending")
    func failsClosed() async throws {
        let ids = (1...4).map { OrdinalsClient.Outpoint(txid: sampleTxid(UInt8(30 + $0)), vout: UInt32($0)) }
        let stub = try StubServer([
            "GET /api/txos/\(ids[0].text)": [.init(json(#"{"message":"Not Found"}"#, status: 404))],
            "GET /api/txos/\(ids[1].text)": [.init(json(#"{"message":"invalid outpoint"}"#, status: 500))],
            "GET /api/txos/\(ids[2].text)": [.init(json("{}"), delay: .seconds(10))],
            "GET /api/txos/\(ids[3].text)": [.init(json(#"{"outpoint":"nonsense"}"#))],
        ])
        let client = try client(stub)
        let impatient = try self.client(stub, timeout: .milliseconds(200))
        #expect(await client.check(ids[0]) == .notIndexed)
        for outpoint in ids {
            let verdict = await (outpoint == ids[2] ? impatient : client).check(outpoint)
            #expect(!verdict.maySpend)
            if outpoint != ids[0] {
                guard case .unavailable = verdict else {
                    Issue.record("got \(verdict)")
                    continue
                }
            }
        }
    }

    @Test("batches: known outputs get verdicts, missing ones are not indexed, a failed batch is unavailable")
    func batch() async throws {
        let missing = OrdinalsClient.Outpoint(txid: sampleTxid(50), vout: 2)
        let stub = try StubServer([
            "POST /api/txos/outpoints": [.init(json("[\(Fixtures.inscribedTxo)]")), .init(.status(502))]
        ])
        let client = try client(stub)
        let verdicts = await client.check([Self.inscribed, missing, missing])
        #expect(verdicts.count == 2)
        #expect(verdicts[Self.inscribed] == .inscribed(markers: ["origin", "insc"]))
        #expect(verdicts[missing] == .notIndexed)
        let request = try #require(stub.requests.first)
        #expect(request.headers["Content-Type"] == "application/json")
        let asked = try JSONDecoder().decode([String].self, from: Data(request.body))
        #expect(Set(asked) == [Self.inscribed.text, missing.text])
        let failed = await client.check([missing])
        guard case .unavailable(let error)? = failed[missing] else {
            Issue.record("got \(failed)")
            return
        }
        #expect(String(describing: error).contains("HTTP 502"))
    }
}
