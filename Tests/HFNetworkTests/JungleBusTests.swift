import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

@Suite("JungleBusClient")
struct JungleBusTests {
    /// A client of `stub` under `/v1`.
    func client(_ stub: StubServer, token: APIKey? = nil) throws -> JungleBusClient {
        try JungleBusClient(baseURL: stub.url("/v1"), token: token, transport: fastTransport())
    }

    @Test("address history: both record shapes, fromHeight in the path, duplicates dropped, token header sent")
    func addressHistory() async throws {
        let address = sampleAddress(11)
        let stub = try StubServer(routes: [
            "GET /v1/address/get/\(address.string)/750000": json(Fixtures.jungleBusHistory(address: address.string)),
            "GET /v1/address/get/\(address.string)": json("[]"),
        ])
        let client = try client(stub, token: try APIKey("jwt.token.value"))
        let records = try await client.addressHistory(of: address, fromHeight: 750000)
        #expect(records.count == 2)
        #expect(records[0].txid.displayHex == "eb197a43a7c4ed230a7125d7e7bf5990cd60be8ff0f59b8fffdfd91d52dfce82")
        #expect(records[0].blockHeight == 750000)
        #expect(records[0].blockIndex == 50545)
        #expect(records[1].blockHeight == nil)
        #expect(records[1].blockHash?.displayHex == "0000000000000000002be95240df5e4215e6878259dce8b9df08650641fdd40a")
        #expect(stub.requests.first?.headers["token"] == "jwt.token.value")
        #expect(try await client.addressHistory(of: address).isEmpty)
    }

    @Test("a record about another address, or without transaction_id, is refused")
    func badRecords() async throws {
        let address = sampleAddress(12)
        let stub = try StubServer(routes: [
            "GET /v1/address/get/\(address.string)/1": json(
                Fixtures.jungleBusHistory(address: sampleAddress(13).string)),
            "GET /v1/address/get/\(address.string)/2": json(#"[{"id":"x","block_height":5}]"#),
        ])
        let client = try client(stub)
        await #expect(throws: NetworkError.self) { try await client.addressHistory(of: address, fromHeight: 1) }
        let missing = await #expect(throws: NetworkError.self) {
            try await client.addressHistory(of: address, fromHeight: 2)
        }
        #expect(String(describing: missing).contains("transaction_id"))
    }

    @Test("header runs: fetched from one block early, rebuilt, linked and hash-checked")
    func headerRun() async throws {
        let chain = syntheticChain(count: 5)
        let list = { (range: Range<Int>) in
            "[" + range.map { headerJSON(chain[$0], height: 100 + $0, withPrevious: false) }.joined(separator: ",")
                + "]"
        }
        var tampered = list(1..<4)
        tampered = tampered.replacingOccurrences(of: "\"nonce\":3", with: "\"nonce\":33")
        let stub = try StubServer([
            "GET /v1/block_header/list/101": [
                .init(json(list(1..<5))), .init(json(tampered)), .init(json(list(2..<5))),
            ]
        ])
        let client = try client(stub)
        let run = try await client.headers(from: 102, count: 3)
        #expect(run.map(\.height) == [102, 103, 104])
        #expect(run.map(\.header) == Array(chain[2..<5]))
        #expect(stub.requests.first?.queryValue("limit") == "4")
        let bad = await #expect(throws: NetworkError.self) { try await client.headers(from: 102, count: 3) }
        #expect(String(describing: bad).contains("does not hash to"))
        let gap = await #expect(throws: NetworkError.self) { try await client.headers(from: 102, count: 3) }
        #expect(String(describing: gap).contains("expected height 101, got 102"))
        await #expect(throws: NetworkError.self) { try await client.headers(from: 0, count: 10_000) }
    }

    @Test("block height of a hash, for records without block_height")
    func blockHeight() async throws {
        let header = syntheticChain(count: 1)[0]
        let stub = try StubServer(routes: [
            "GET /v1/block_header/get/\(header.hash.displayHex)": json(
                headerJSON(header, height: 750000, withPrevious: false))
        ])
        let client = try client(stub)
        #expect(try await client.blockHeight(of: header.hash) == 750000)
        #expect(try await client.blockHeight(of: BlockHash(hashing: [1])) == nil)
    }
}
