import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

/// The bulk history listings `POST /addresses/{confirmed,unconfirmed}/history` against a stub server: the bodies
/// sent (known answers), 20 addresses a request, a paged entry continued on the single-address route, and every
/// refusal.
@Suite("WhatsOnChainClient: bulk address history")
struct WhatsOnChainBulkHistoryTests {
    static let confirmed = "POST /v1/bsv/main/addresses/confirmed/history"
    static let unconfirmed = "POST /v1/bsv/main/addresses/unconfirmed/history"

    func client(_ stub: StubServer) throws -> WhatsOnChainClient {
        try WhatsOnChainClient(baseURL: stub.url("/v1/bsv/main"), transport: fastTransport())
    }

    /// One bulk entry.
    func entry(_ address: Address, _ items: [(Txid, Int?)], next: String? = nil, error: String = "") -> String {
        let result = items.map { txid, height in
            "{\"tx_hash\":\"\(txid.displayHex)\"" + (height.map { ",\"height\":\($0)" } ?? "") + "}"
        }
        return "{\"address\":\"\(address.string)\",\"script\":\"\(String(repeating: "cd", count: 32))\","
            + "\"result\":[\(result.joined(separator: ","))],\"error\":\"\(error)\""
            + (next.map { ",\"nextPageToken\":\"\($0)\"" } ?? "") + "}"
    }

    @Test("the body names the addresses asked; each address gets its own items, duplicates dropped")
    func knownAnswer() async throws {
        let (a, b, c) = (sampleAddress(1), sampleAddress(2), sampleAddress(3))
        let stub = try StubServer(routes: [
            Self.confirmed: json(
                "[" + entry(a, [(sampleTxid(1), 800_001), (sampleTxid(1), 800_001), (sampleTxid(2), 800_002)]) + ","
                    + entry(b, []) + "]")
        ])
        let history = try await client(stub).confirmedHistory(ofAll: [a, b, c])
        #expect(history[a.string] == [.init(txid: sampleTxid(1), height: 800_001), .init(txid: sampleTxid(2), height: 800_002)])
        #expect(history[b.string] == [])
        #expect(history[c.string] == [], "an address the service leaves out has an empty history")
        let requests = stub.requests(Self.confirmed)
        #expect(requests.count == 1)
        #expect(
            String(decoding: requests[0].body, as: UTF8.self)
                == "{\"addresses\":[\"\(a.string)\",\"\(b.string)\",\"\(c.string)\"]}")
        #expect(requests[0].headers["content-type"] == "application/json")
    }

    @Test("45 addresses make three requests of 20, 20 and 5; no address is asked alone")
    func batches() async throws {
        let addresses = (1...45).map { sampleAddress(UInt8($0)) }
        let stub = try StubServer(routes: [Self.unconfirmed: json("[]")])
        let history = try await client(stub).unconfirmedHistory(ofAll: addresses)
        #expect(history.count == 45 && history.values.allSatisfy(\.isEmpty))
        let bodies = stub.requests(Self.unconfirmed).map { request in
            (try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: [String]])?["addresses"] ?? []
        }
        #expect(bodies.map(\.count) == [20, 20, 5])
        #expect(bodies.flatMap { $0 } == addresses.map(\.string))
        #expect(stub.requests.count == 3)
    }

    @Test("an entry with a page token is listed again alone, following its tokens")
    func pagedEntry() async throws {
        let (a, b) = (sampleAddress(1), sampleAddress(2))
        let single = "GET /v1/bsv/main/address/\(a.string)/confirmed/history"
        let stub = try StubServer([
            Self.confirmed: [.init(json("[" + entry(a, [(sampleTxid(1), 10)], next: "p2") + "," + entry(b, [(sampleTxid(9), 12)]) + "]"))],
            single: [
                .init(json(entry(a, [(sampleTxid(1), 10)], next: "p2"))),
                .init(json(entry(a, [(sampleTxid(2), 11)]))),
            ],
        ])
        let history = try await client(stub).confirmedHistory(ofAll: [a, b])
        #expect(history[a.string]?.map(\.txid) == [sampleTxid(1), sampleTxid(2)])
        #expect(history[b.string]?.map(\.txid) == [sampleTxid(9)])
        #expect(stub.requests(single).map { $0.queryValue("token") } == [nil, "p2"])
    }

    @Test("an entry's error, an entry about an address not asked, a non-200 status and a body that is not JSON fail")
    func refusals() async throws {
        let (a, b) = (sampleAddress(1), sampleAddress(2))
        let cases: [(HTTPResponse, String)] = [
            (json("[" + entry(a, [], error: "lookup failed") + "]"), "lookup failed"),
            (json("[" + entry(b, []) + "]"), "not asked"),
            (json("no", status: 400), "HTTP 400"),
            (json("{\"address\":"), "could not be used"),
        ]
        for (response, expected) in cases {
            let stub = try StubServer(routes: [Self.confirmed: response])
            let error = await #expect(throws: NetworkError.self) { try await client(stub).confirmedHistory(ofAll: [a]) }
            #expect(String(describing: error).contains(expected), "\(String(describing: error))")
        }
    }
}
