import Foundation
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// Issue 14: the watcher's sync refuses a 64-byte "transaction" even when its proof leads to a real block's merkle
/// root. The service (a stand-in wrapping the real devnet routes, because the devnet itself never mines or proves a
/// 64-byte transaction) lists the funding block's merkle root as a txid of the address, serves txid(coinbase) ‖
/// txid(funding) as its raw bytes and an empty proof at index 0: every hash matches, only the length rule refuses it.
@Suite struct WatcherSixtyFourByteTests {
    @Test func anInnerMerkleNodeOfferedAsATransactionIsNotStored() throws {
        let t = try WatcherRejectionTests()
        let (pack, identity) = try t.walletPack()
        #expect(try t.watch(["import", pack, "--trust-identity", identity]).exitCode == 0)
        let chain = DevnetChain()
        let list = try t.sign(["address", "list", "--count", "1", "--json"])
        let address = try #require(
            (JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.first?["address"] as? String)
        let funding = try chain.fund(address: Address(string: address, network: .regtest), satoshis: 10_000)
        let height = chain.height
        let block = try #require(chain.block(atHeight: height))
        try #require(block.txids.count == 2)
        let raw = block.txids[0].internalBytes + block.txids[1].internalBytes
        let inner = Txid(hashing: raw)
        #expect(MerkleHash(inner) == block.header.merkleRoot, "the 64 bytes hash to the block's merkle root")
        let proof = #"[{"index":0,"txOrId":"\#(inner.displayHex)","target":"\#(block.hash.displayHex)","nodes":[]}]"#
        let router = DevnetAPI.router(for: chain)
        let server = HTTPServer { request in
            if request.path.hasSuffix("/tx/\(inner.displayHex)/hex") { return .text(Hex.encode(raw)) }
            if request.path.hasSuffix("/tx/\(inner.displayHex)/proof/tsc") { return .json(text: proof) }
            var response = router.respond(to: request)
            // The address's confirmed history (the bulk listing the watcher asks) also names the 64-byte transaction.
            if request.path.hasSuffix("/addresses/confirmed/history"),
                var entries = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]]
            {
                for index in entries.indices where entries[index]["address"] as? String == "\(address)" {
                    var result = entries[index]["result"] as? [[String: Any]] ?? []
                    result.append(["tx_hash": inner.displayHex, "height": height])
                    entries[index]["result"] = result
                }
                response.body = [UInt8]((try? JSONSerialization.data(withJSONObject: entries)) ?? Data())
            }
            return response
        }
        let port = try server.start()
        defer { server.stop() }
        #expect(try t.watch(["config", "set", "devnet", "http://127.0.0.1:\(port)"]).exitCode == 0)
        let sync = try t.watch(["sync", "--json"])
        #expect(sync.exitCode == 0, "stderr: \(sync.stderr)")
        #expect(sync.stderr.contains(inner.displayHex), "the refused txid is named: \(sync.stderr)")
        let history = try t.watch(["history", "--json"]).stdout
        #expect(history.contains(funding.displayHex), "the real payment is stored: \(history)")
        #expect(!history.contains(inner.displayHex), "the inner node is not: \(history)")
        #expect(try t.watch(["balance", "--json"]).stdout == "{\"confirmed\":10000,\"unconfirmed\":0}\n")
    }
}
