import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

@Suite("ARCClient")
struct ARCClientTests {
    /// A made-up transaction and its txid.
    static let transaction: [UInt8] = Array(0..<100)
    static let txid = sampleTxid(77)

    /// A client of `stub` under `/arc`.
    func client(_ stub: StubServer, key: APIKey? = nil) throws -> ARCClient {
        try ARCClient(name: "gorillapool", baseURL: stub.url("/arc"), apiKey: key, transport: fastTransport())
    }

    @Test("submit as JSON: the documented headers and body; SEEN_ON_NETWORK is a success")
    func submitJSON() async throws {
        let stub = try StubServer(routes: ["POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex))])
        let client = try client(stub, key: try APIKey("mainnet_abc"))
        let outcome = try await client.submit(Self.transaction, txid: Self.txid)
        #expect(outcome.isSuccess)
        #expect(outcome.txStatus == .seenOnNetwork)
        let request = try #require(stub.requests.first)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["X-WaitFor"] == "SEEN_ON_NETWORK")
        #expect(request.headers["Authorization"] == "Bearer mainnet_abc")
        #expect(request.headers["X-MaxTimeout"] == nil)
        #expect(String(decoding: request.body, as: UTF8.self) == "{\"rawTx\":\"\(Self.transaction.hex)\"}")
    }

    @Test("submit as bytes or hex, with a max timeout and no X-WaitFor; no key means no Authorization")
    func submitOtherFormats() async throws {
        let stub = try StubServer(routes: [
            "POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex, status: "STORED"))
        ])
        let client = try client(stub)
        let options = ARCClient.SubmitOptions(format: .binary, waitFor: nil, maxTimeoutSeconds: 30)
        #expect(try await client.submit(Self.transaction, txid: Self.txid, options: options).isSuccess)
        _ = try await client.submit(Self.transaction, txid: Self.txid, options: .init(format: .hex))
        let requests = stub.requests
        #expect(requests[0].headers["Content-Type"] == "application/octet-stream")
        #expect(requests[0].body == Self.transaction)
        #expect(requests[0].headers["X-WaitFor"] == nil)
        #expect(requests[0].headers["X-MaxTimeout"] == "30")
        #expect(requests[0].headers["Authorization"] == nil)
        #expect(requests[1].headers["Content-Type"] == "text/plain")
        #expect(requests[1].body == Array(Self.transaction.hex.utf8))
        let bad = ARCClient.SubmitOptions(maxTimeoutSeconds: 31)
        await #expect(throws: NetworkError.self) {
            try await client.submit(Self.transaction, txid: Self.txid, options: bad)
        }
        await #expect(throws: NetworkError.self) { try await client.submit([], txid: Self.txid) }
    }

    @Test("a 46x error object is a rejection with its reason; a failure status inside 200 is not a success")
    func rejections() async throws {
        let stub = try StubServer([
            "POST /arc/v1/tx": [
                .init(json(Fixtures.arcFeeTooLow(Self.txid.displayHex), status: 465)),
                .init(
                    json(
                        Fixtures.arcSeen(
                            Self.txid.displayHex, status: "REJECTED", extraInfo: "mandatory-script-verify-flag-failed"))
                ),
                .init(json(Fixtures.arcSeen(Self.txid.displayHex, status: "DOUBLE_SPEND_ATTEMPTED"))),
            ]
        ])
        let client = try client(stub)
        let outcome = try await client.submit(Self.transaction, txid: Self.txid)
        guard case .rejected(let rejection) = outcome else {
            Issue.record("got \(outcome)")
            return
        }
        #expect(rejection.status == 465)
        #expect(rejection.title == "Fee too low")
        #expect(rejection.txid == Self.txid)
        #expect(rejection.description.contains("465 Fee too low (Fees are insufficient; arc error 465: fee of 12 sat"))
        let rejected = try await client.submit(Self.transaction, txid: Self.txid)
        #expect(!rejected.isSuccess)
        #expect(rejected.txStatus?.isFailure == true)
        guard case .processed(let status) = rejected else {
            Issue.record("got \(rejected)")
            return
        }
        #expect(status.extraInfo == "mandatory-script-verify-flag-failed")
        #expect(try await client.submit(Self.transaction, txid: Self.txid).txStatus == .doubleSpendAttempted)
    }

    @Test("already known: a re-submission answered with the stored MINED status is a success")
    func alreadyKnown() async throws {
        let stub = try StubServer([
            "POST /arc/v1/tx": [
                .init(json(Fixtures.arcSeen(Self.txid.displayHex))),
                .init(json(Fixtures.arcMined(Self.txid.displayHex))),
            ]
        ])
        let client = try client(stub)
        #expect(try await client.submit(Self.transaction, txid: Self.txid).isSuccess)
        let again = try await client.submit(Self.transaction, txid: Self.txid)
        #expect(again.isSuccess)
        #expect(again.txStatus == .mined)
    }

    @Test("a 200 about another transaction, a 409 without an error object, or a 401 are errors, not outcomes")
    func serviceProblems() async throws {
        let stub = try StubServer([
            "POST /arc/v1/tx": [
                .init(json(Fixtures.arcSeen(sampleTxid(1).displayHex))), .init(.text("conflict", status: 409)),
                .init(.text("Unauthorized", status: 401)),
            ]
        ])
        let client = try client(stub)
        let other = await #expect(throws: NetworkError.self) {
            try await client.submit(Self.transaction, txid: Self.txid)
        }
        #expect(String(describing: other).contains("the reply is about"))
        let conflict = await #expect(throws: NetworkError.self) {
            try await client.submit(Self.transaction, txid: Self.txid)
        }
        guard case .unexpectedStatus(_, 409, "conflict") = conflict else {
            Issue.record("got \(String(describing: conflict))")
            return
        }
        let unauthorized = await #expect(throws: NetworkError.self) {
            try await client.submit(Self.transaction, txid: Self.txid)
        }
        #expect(
            unauthorized
                == .unauthorized(
                    .init(service: "ARC (gorillapool)", method: "POST", resource: "127.0.0.1:\(stub.port)/arc/v1/tx"),
                    status: 401))
    }

    @Test("status: MINED with block and BUMP; 404 with an error object is nil; a bare 404 is an error")
    func status() async throws {
        let unknown = sampleTxid(78)
        let wrongURL = sampleTxid(79)
        let stub = try StubServer(routes: [
            "GET /arc/v1/tx/\(Self.txid.displayHex)": json(Fixtures.arcMined(Self.txid.displayHex)),
            "GET /arc/v1/tx/\(unknown.displayHex)": json(Fixtures.arcNotFound, status: 404),
            "GET /arc/v1/tx/\(wrongURL.displayHex)": HTTPResponse(status: 404),
        ])
        let client = try client(stub)
        let mined = try #require(try await client.status(of: Self.txid))
        #expect(mined.status == .mined)
        #expect(mined.blockHeight == 736228)
        #expect(mined.blockHash?.displayHex == "0000000000000aac89fbed163ed60061ba33bc0ab9de8e7fd8b34ad94c2414cd")
        #expect(mined.merklePath?.prefix(4) == [0xfe, 0x54, 0x25, 0x18])
        #expect(mined.competingTxs.isEmpty)
        #expect(try await client.status(of: unknown) == nil)
        await #expect(throws: NetworkError.self) { try await client.status(of: wrongURL) }
    }

    @Test("policy: the mining fee, current or legacy placement; a zero byte count is refused")
    func policy() async throws {
        let legacy = #"{"policy":{"fees":{"miningFee":{"satoshis":5,"bytes":10000}}}}"#
        let zero = #"{"policy":{"miningFee":{"satoshis":1,"bytes":0}}}"#
        let stub = try StubServer([
            "GET /arc/v1/policy": [.init(json(Fixtures.arcPolicy)), .init(json(legacy)), .init(json(zero))]
        ])
        let client = try client(stub)
        let policy = try await client.policy()
        #expect(policy.miningFee.satoshis == 1)
        #expect(policy.miningFee.bytes == 1000)
        #expect(policy.miningFee.satoshisPerKilobyte == 1)
        #expect(policy.maxTransactionBytes == 10_000_000)
        #expect(policy.standardFormatSupported == true)
        let old = try await client.policy()
        #expect(old.miningFee.satoshisPerKilobyte == 0.5)
        #expect(old.standardFormatSupported == nil)
        let error = await #expect(throws: NetworkError.self) { try await client.policy() }
        #expect(String(describing: error).contains("miningFee.bytes"))
    }
}
