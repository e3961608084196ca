import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

@Suite("WhatsOnChainClient: address history and unspent outputs")
struct WhatsOnChainAddressTests {
    /// A client of `stub` under `/v1/bsv/main`.
    func client(_ stub: StubServer, key: APIKey? = nil) throws -> WhatsOnChainClient {
        try WhatsOnChainClient(baseURL: stub.url("/v1/bsv/main"), apiKey: key, transport: fastTransport())
    }

    /// A wrapped history page.
    func page(_ address: Address, _ items: [(Txid, Int?)], next: String? = nil, error: String = "") -> HTTPResponse {
        let result = items.map { txid, height in
            "{\"tx_hash\":\"\(txid.displayHex)\"" + (height.map { ",\"height\":\($0)" } ?? "") + "}"
        }
        let token = next.map { ",\"nextPageToken\":\"\($0)\"" } ?? ""
        return json(
            "{\"address\":\"\(address.string)\",\"script\":\"\(String(repeating: "cd", count: 32))\","
                + "\"result\":[\(result.joined(separator: ","))],\"error\":\"\(error)\"\(token)}")
    }

    @Test("confirmed history follows nextPageToken, passes height, and drops duplicates")
    func confirmedHistoryPages() async throws {
        let address = sampleAddress()
        let route = "GET /v1/bsv/main/address/\(address.string)/confirmed/history"
        let stub = try StubServer([
            route: [
                .init(page(address, [(sampleTxid(1), 850001), (sampleTxid(2), 850077)], next: "t/1+2")),
                .init(page(address, [(sampleTxid(2), 850077), (sampleTxid(3), 850100)])),
            ]
        ])
        let items = try await client(stub).confirmedHistory(of: address, fromHeight: 850000)
        #expect(items.map(\.txid) == [sampleTxid(1), sampleTxid(2), sampleTxid(3)])
        #expect(items.map(\.height) == [850001, 850077, 850100])
        let requests = stub.requests(route)
        #expect(requests.count == 2)
        #expect(requests[0].queryValue("height") == "850000")
        #expect(requests[0].queryValue("token") == nil)
        #expect(requests[1].queryValue("token") == "t/1+2")
    }

    @Test("unconfirmed history has no heights; a bare array is accepted; 404 means none")
    func unconfirmedHistory() async throws {
        let address = sampleAddress(3)
        let bare = json(
            "[{\"tx_hash\":\"\(sampleTxid(5).displayHex)\",\"height\":0},{\"tx_hash\":\"\(sampleTxid(6).displayHex)\"}]"
        )
        let stub = try StubServer(routes: [
            "GET /v1/bsv/main/address/\(address.string)/unconfirmed/history": bare
        ])
        let client = try client(stub)
        let items = try await client.unconfirmedHistory(of: address)
        #expect(items == [.init(txid: sampleTxid(5), height: nil), .init(txid: sampleTxid(6), height: nil)])
        #expect(try await client.confirmedHistory(of: address).isEmpty)
    }

    @Test("a non-empty error field is a failure even with HTTP 200; a repeated page token is refused")
    func serviceErrors() async throws {
        let address = sampleAddress(4)
        let confirmed = "GET /v1/bsv/main/address/\(address.string)/confirmed/history"
        let unconfirmed = "GET /v1/bsv/main/address/\(address.string)/unconfirmed/history"
        let stub = try StubServer(routes: [
            confirmed: page(address, [], error: "internal lookup failure"),
            unconfirmed: page(address, [(sampleTxid(1), nil)], next: "same"),
        ])
        let client = try client(stub)
        let error = await #expect(throws: NetworkError.self) { try await client.confirmedHistory(of: address) }
        guard case .serviceReportedError(_, let message) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(message == "internal lookup failure")
        let loop = await #expect(throws: NetworkError.self) { try await client.unconfirmedHistory(of: address) }
        #expect(String(describing: loop).contains("repeated a page token"))
    }

    @Test("a reply about another address is refused")
    func otherAddress() async throws {
        let address = sampleAddress(5)
        let stub = try StubServer(routes: [
            "GET /v1/bsv/main/address/\(address.string)/confirmed/history": page(sampleAddress(6), [])
        ])
        await #expect(throws: NetworkError.self) { try await client(stub).confirmedHistory(of: address) }
    }

    @Test("unspent outputs: satoshis, vout, heights and mempool spends, in the documented wrapper")
    func unspent() async throws {
        let address = sampleAddress(8)
        let stub = try StubServer(routes: [
            "GET /v1/bsv/main/address/\(address.string)/unspent/all": json(Fixtures.unspent(address: address.string))
        ])
        let outputs = try await client(stub).unspentOutputs(of: address)
        #expect(outputs.count == 2)
        #expect(outputs[0].txid.displayHex == "2178a1e93d46edda946d9069f9b157ddfacb451fee0278e657941f09bfdb5d8f")
        #expect(outputs[0].vout == 11)
        #expect(outputs[0].amount == (try Amount(satoshis: 1005)))
        #expect(outputs[0].height == 893652)
        #expect(outputs[0].isSpentInMempool == false)
        #expect(outputs[1].height == nil)
        #expect(outputs[1].isSpentInMempool)
    }
}
