import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

/// `POST /devnet/reorg` over HTTP: the report, then every refusal with its status (400 malformed, 422 a
/// reorganisation the chain cannot make), each changing nothing.
@Suite struct ReorgRouteTests {
    let devnet: RunningDevnet
    let alice: TestWallet

    init() throws {
        devnet = try RunningDevnet()
        alice = try TestWallet(seed: 2)
    }

    @Test func reorgReportsAndRefusals() async throws {
        _ = try await devnet.mine(4)
        let old = devnet.chain.chainInfo().bestBlockHash
        let response = try await devnet.send(
            "POST", "/devnet/reorg", json: #"{"from":3,"blocks":3,"to":"\#(alice.address.string)"}"#)
        let reorg = try devnet.decode(DevnetControl.ReorgResult.self, response)
        #expect(reorg.from == 3 && reorg.oldTip == 4 && reorg.oldTipHash == old.displayHex && reorg.newTip == 5)
        #expect(reorg.disconnected == 2 && reorg.dropped.isEmpty && reorg.evicted.isEmpty)
        #expect(reorg.newTipHash == devnet.chain.chainInfo().bestBlockHash.displayHex)
        #expect(devnet.chain.unspentOutputs(of: alice.address).map(\.height) == [3, 4, 5], "the coinbases pay --to")

        let before = devnet.chain.chainInfo()
        for (body, status) in [
            (#"{"from":3}"#, 400), (#"{"from":"3","blocks":4}"#, 400), ("[1]", 400),
            (#"{"from":3,"blocks":4,"to":"nonsense"}"#, 400), (#"{"from":3,"blocks":0}"#, 400),
            (#"{"from":4,"blocks":2}"#, 422), (#"{"from":0,"blocks":9}"#, 422), (#"{"from":6,"blocks":9}"#, 422),
        ] {
            let refused = try await devnet.send("POST", "/devnet/reorg", json: body)
            let reply = try? JSONDecoder().decode(DevnetControl.ErrorReply.self, from: Data(refused.body))
            #expect(refused.status == status && reply?.error.isEmpty == false, "\(body)")
        }
        #expect(devnet.chain.chainInfo() == before)
    }
}
