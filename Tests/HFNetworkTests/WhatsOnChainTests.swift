import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

@Suite("WhatsOnChainClient: chain info and headers")
struct WhatsOnChainTests {
    /// A client of `stub` under `/v1/bsv/main`.
    func client(_ stub: StubServer, attempts: Int = 3) throws -> WhatsOnChainClient {
        try WhatsOnChainClient(baseURL: stub.url("/v1/bsv/main"), transport: fastTransport(attempts: attempts))
    }

    @Test("chain info: height and best hash; unknown fields tolerated")
    func chainInfo() async throws {
        let stub = try StubServer(routes: ["GET /v1/bsv/main/chain/info": json(Fixtures.chainInfo)])
        let info = try await client(stub).chainInfo()
        #expect(info.chain == "main")
        #expect(info.height == 905064)
        #expect(info.bestBlockHash.displayHex == "0000000000000000112ea3732c0417a2cee0130e9217dbba1b0ff078c92c904e")
        #expect(stub.requests.first?.headers["Accept"] == "application/json")
        #expect(stub.requests.first?.headers["Authorization"] == nil)
    }

    /// Chain-info bodies that must be refused, with a fragment of the reason.
    static let badChainInfo: [(String, String)] = [
        (
            #"{"chain":"main","bestblockhash":"0000000000000000112ea3732c0417a2cee0130e9217dbba1b0ff078c92c904e"}"#,
            "field \"blocks\" is missing"
        ),
        (#"{"chain":"main","blocks":"905064","bestblockhash":"00"}"#, "field \"blocks\" has the wrong type"),
        (#"{"chain":"main","blocks":-1,"bestblockhash":"00"}"#, "field \"blocks\" is invalid"),
        (#"{"chain":"main","blocks":1,"bestblockhash":"xyz"}"#, "field \"bestblockhash\" is invalid"),
        (#"{"chain":"main","blocks":1,"#, "not valid JSON"),
        ("<html>maintenance</html>", "not valid JSON"),
    ]

    @Test("malformed chain info is a clear error naming the field", arguments: badChainInfo)
    func malformedChainInfo(_ body: String, _ reason: String) async throws {
        let stub = try StubServer(routes: ["GET /v1/bsv/main/chain/info": json(body)])
        let error = await #expect(throws: NetworkError.self) { try await client(stub).chainInfo() }
        guard case .malformedResponse(let call, let text) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(call.service == "WhatsOnChain")
        #expect(text.contains(reason))
        #expect(stub.requests.count == 1)
    }

    @Test("an HTML page where JSON was expected is refused by content type")
    func htmlContentType() async throws {
        let html = HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Array("<html/>".utf8))
        let stub = try StubServer(routes: ["GET /v1/bsv/main/chain/info": html])
        let error = await #expect(throws: NetworkError.self) { try await client(stub).chainInfo() }
        guard case .unexpectedContentType(_, let type) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(type == "text/html")
    }

    @Test("header by hash and by height: rebuilt from the fields and checked against the hash")
    func headerLookups() async throws {
        let stub = try StubServer(routes: [
            "GET /v1/bsv/main/block/\(Fixtures.hash575045)/header": json(Fixtures.header575045),
            "GET /v1/bsv/main/block/575045/header": json(Fixtures.header575045),
        ])
        let client = try client(stub)
        let byHash = try #require(try await client.header(hash: try BlockHash(displayHex: Fixtures.hash575045)))
        #expect(byHash.height == 575045)
        #expect(byHash.hash.displayHex == Fixtures.hash575045)
        #expect(byHash.header.bits == 0x1809_97ee)
        #expect(byHash.header.serialized.hex.hasPrefix("00e000209bdd460d"))
        #expect(try await client.header(height: 575045) == byHash)
        #expect(try await client.header(height: 575046) == nil)
        #expect(try await client.header(hash: BlockHash(hashing: [1])) == nil)
    }

    @Test("a header whose fields do not hash to its hash, or the wrong header, is refused")
    func tamperedHeader() async throws {
        let tampered = Fixtures.header575045.replacingOccurrences(of: "87914848", with: "87914849")
        let stub = try StubServer(routes: [
            "GET /v1/bsv/main/block/575045/header": json(tampered),
            "GET /v1/bsv/main/block/575044/header": json(Fixtures.header575045),
        ])
        let client = try client(stub)
        let error = await #expect(throws: NetworkError.self) { try await client.header(height: 575045) }
        #expect(String(describing: error).contains("does not hash to its block hash"))
        let wrong = await #expect(throws: NetworkError.self) { try await client.header(height: 575044) }
        #expect(String(describing: wrong).contains("asked for height 575044, got 575045"))
    }

    @Test("latest headers: a JSON array, newest first")
    func latestHeaders() async throws {
        let body = "[\(Fixtures.header575045),\(Fixtures.header557957)]"
        let stub = try StubServer(routes: ["GET /v1/bsv/main/block/headers": json(body)])
        let headers = try await client(stub).latestHeaders()
        #expect(headers.map(\.height) == [575045, 557957])
    }

    @Test("latest header bytes: whole, linked 80-byte headers only")
    func latestHeaderBytes() async throws {
        let chain = syntheticChain(count: 3)
        let good = chain.flatMap(\.serialized)
        let unlinked = chain[0].serialized + chain[2].serialized
        let stub = try StubServer([
            "GET /v1/bsv/main/block/headers/latest": [
                .init(.bytes(good)), .init(.bytes(unlinked)), .init(.bytes(good + [0])),
            ]
        ])
        let client = try client(stub)
        #expect(try await client.latestHeaderBytes(count: 3) == chain)
        #expect(stub.requests.first?.queryValue("count") == "3")
        await #expect(throws: NetworkError.self) { try await client.latestHeaderBytes(count: 3) }
        await #expect(throws: NetworkError.self) { try await client.latestHeaderBytes(count: 4) }
        await #expect(throws: NetworkError.self) { try await client.latestHeaderBytes(count: 101) }
    }
}
