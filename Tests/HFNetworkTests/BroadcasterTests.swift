import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

@Suite("Broadcaster failover")
struct BroadcasterTests {
    static let transaction: [UInt8] = Array(repeating: 0x42, count: 64)
    static let txid = sampleTxid(90)

    /// An ARC client named `name` at `url`.
    func arc(_ name: String, _ url: URL, key: APIKey? = nil) throws -> ARCClient {
        try ARCClient(name: name, baseURL: url, apiKey: key, transport: fastTransport(attempts: 2))
    }

    @Test("primary up: answered by the primary; the failover is never asked")
    func primaryAnswers() async throws {
        let primary = try StubServer(routes: ["POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex))])
        let secondary = try StubServer(routes: ["POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex))])
        let broadcaster = Broadcaster(
            primary: try arc("gorillapool", primary.url("/arc")), failover: try arc("taal", secondary.url("/arc")))
        let result = try await broadcaster.broadcast(Self.transaction, txid: Self.txid)
        #expect(result.via == "gorillapool")
        #expect(result.failures.isEmpty)
        #expect(result.outcome.isSuccess)
        #expect(secondary.requests.isEmpty)
    }

    @Test("primary down: the failover is used and the primary's failure is reported")
    func primaryDown() async throws {
        let down = try RefusingPort()
        let secondary = try StubServer(routes: ["POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex))])
        let broadcaster = Broadcaster(
            primary: try arc("gorillapool", down.url("/arc")),
            failover: try arc("taal", secondary.url("/arc"), key: try APIKey("testnet_key")))
        let result = try await broadcaster.broadcast(Self.transaction, txid: Self.txid)
        #expect(result.via == "taal")
        #expect(result.failures.count == 1)
        guard case .unreachable = result.failures.first else {
            Issue.record("got \(result.failures)")
            return
        }
        #expect(secondary.requests.first?.headers["Authorization"] == "Bearer testnet_key")
    }

    @Test("primary failing with 503 or 401: fail over")
    func primaryTrouble() async throws {
        for status in [503, 401] {
            let primary = try StubServer(routes: ["POST /arc/v1/tx": .status(status)])
            let secondary = try StubServer(routes: ["POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex))])
            let broadcaster = Broadcaster(
                primary: try arc("gorillapool", primary.url("/arc")), failover: try arc("taal", secondary.url("/arc")))
            let result = try await broadcaster.broadcast(Self.transaction, txid: Self.txid)
            #expect(result.via == "taal")
            #expect(primary.requests.count == (status == 503 ? 2 : 1))
        }
    }

    @Test("a genuine rejection is returned as it is: no failover")
    func rejectionNoFailover() async throws {
        let primary = try StubServer(routes: [
            "POST /arc/v1/tx": json(Fixtures.arcFeeTooLow(Self.txid.displayHex), status: 465)
        ])
        let rejectedInside = try StubServer(routes: [
            "POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex, status: "REJECTED"))
        ])
        let secondary = try StubServer(routes: ["POST /arc/v1/tx": json(Fixtures.arcSeen(Self.txid.displayHex))])
        for first in [primary, rejectedInside] {
            let broadcaster = Broadcaster(
                primary: try arc("gorillapool", first.url("/arc")), failover: try arc("taal", secondary.url("/arc")))
            let result = try await broadcaster.broadcast(Self.transaction, txid: Self.txid)
            #expect(result.via == "gorillapool")
            #expect(!result.outcome.isSuccess)
        }
        #expect(secondary.requests.isEmpty)
    }

    @Test("both down: a clear error listing both failures")
    func bothDown() async throws {
        let down = try RefusingPort()
        let broken = try StubServer(routes: ["POST /arc/v1/tx": .status(500)])
        let broadcaster = Broadcaster(
            primary: try arc("gorillapool", down.url("/arc")), failover: try arc("taal", broken.url("/arc")))
        let error = await #expect(throws: NetworkError.self) {
            try await broadcaster.broadcast(Self.transaction, txid: Self.txid)
        }
        guard case .allBroadcastersFailed(let errors) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(errors.count == 2)
        let text = String(describing: error!)
        #expect(
            text.hasPrefix(
                "every broadcaster failed, so the transaction was not broadcast (1) could not reach ARC (gorillapool)"))
        #expect(
            text.contains(
                "2) ARC (taal) (POST 127.0.0.1:\(broken.port)/arc/v1/tx) failed with HTTP 500 after 2 attempts"))
        #expect(text.hasSuffix("try again later"))
    }
}
