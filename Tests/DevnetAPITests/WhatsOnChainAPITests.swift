import Foundation
import HFDevnet
import HFNetwork
import HFPrimitives
import HFSPV
import Testing

/// The WhatsOnChain imitation, driven by `WhatsOnChainClient`.
@Suite struct WhatsOnChainAPITests {
    let devnet: RunningDevnet
    let alice: TestWallet
    let bob: TestWallet

    init() throws {
        devnet = try RunningDevnet(configuration: DevnetAPI.Configuration(historyPageSize: 2))
        alice = try TestWallet(seed: 2)
        bob = try TestWallet(seed: 3)
    }

    @Test func chainInfoAndHeaders() async throws {
        let mined = try await devnet.mine(12)
        #expect(mined.height == 12 && mined.hashes.count == 12)
        let woc = try devnet.whatsOnChain
        let info = try await woc.chainInfo()
        #expect(info.chain == "regtest" && info.height == 12)
        #expect(info.bestBlockHash.displayHex == mined.hashes.last)

        let latest = try await woc.latestHeaders()
        #expect(latest.map(\.height) == Array((3...12).reversed()))
        #expect(latest.map(\.hash.displayHex) == Array(mined.hashes.suffix(10).reversed()))

        let byHeight = try #require(try await woc.header(height: 5))
        #expect(byHeight.hash.displayHex == mined.hashes[4])
        #expect(try await woc.header(hash: byHeight.hash) == byHeight)
        let genesis = try #require(try await woc.header(height: 0))
        #expect(genesis.header == devnet.chain.header(atHeight: 0)?.header)
        #expect(try await woc.header(height: 13) == nil)
        #expect(try await woc.header(hash: BlockHash(hashing: [1, 2, 3])) == nil)

        let bytes = try await woc.latestHeaderBytes(count: 4)
        #expect(bytes.map(\.hash.displayHex) == Array(mined.hashes.suffix(4)))

        // The headers the devnet serves pass the SPV core's validation from genesis.
        let run = try await devnet.jungleBus.headers(from: 1, count: 12)
        let headerChain = try HeaderChain(checkpoint: .regtest)
        try headerChain.commitValidatedRun(startHeight: 1, headers: run.map(\.header))
        #expect(headerChain.validatedTipHeight == 12 && headerChain.validatedTipHash == info.bestBlockHash)
    }

    @Test func rawTransactionAndVerifiedProof() async throws {
        let coin = try await devnet.fund(alice, 50_000)
        let woc = try devnet.whatsOnChain
        let txid = coin.outpoint.txid
        #expect(try await woc.rawTransaction(txid) == devnet.chain.rawTransaction(txid))

        let proof = try #require(try await woc.merkleProof(txid))
        guard case .blockHash(let target) = proof.target else {
            Issue.record("the proof's target is not a block hash")
            return
        }
        let header = try #require(try await woc.header(hash: target))
        #expect(header.height == 101)
        try proof.verify(txid: txid, header: header.header)

        // A block of three transactions: the last one's level-0 sibling is itself, written in full.
        let first = try alice.spend([coin], to: [try bob.output(20_000), try alice.output(29_000)])
        let second = try bob.spend([Coin(first.transaction, 0)], to: [try bob.output(19_000)])
        for transaction in [first, second] {
            #expect(try await devnet.arc.submit(transaction.serialized, txid: transaction.transaction.txid).isSuccess)
        }
        #expect(try await woc.merkleProof(second.transaction.txid) == nil)
        #expect(try await woc.rawTransaction(second.transaction.txid) == second.transaction.serialized)
        try await devnet.mine()
        let last = try #require(try await woc.merkleProof(second.transaction.txid))
        #expect(last.index == 2 && last.nodes.first == .duplicate)
        let block = try #require(try await woc.header(height: 102))
        try last.verify(txid: second.transaction.txid, header: block.header)

        let unknown = Txid(hashing: [9])
        #expect(try await woc.rawTransaction(unknown) == nil)
        #expect(try await woc.merkleProof(unknown) == nil)
    }

    @Test func addressHistoryIsPagedAndUnspentIsMempoolAware() async throws {
        let coins = try await [devnet.fund(alice, 50_000), devnet.fund(alice, 60_000), devnet.fund(alice, 70_000)]
        let spend = try alice.spend([coins[0]], to: [try bob.output(30_000), try alice.output(19_000)])
        #expect(try await devnet.arc.submit(spend.serialized, txid: spend.transaction.txid).isSuccess)
        let woc = try devnet.whatsOnChain

        // Page size 2: the first page carries a token, the client follows it.
        let page = try await devnet.send(
            "GET", "\(DevnetAPI.whatsOnChainPrefix)/address/\(alice.address.string)/confirmed/history")
        let first = try JSONSerialization.jsonObject(with: Data(page.body)) as? [String: Any]
        #expect((first?["result"] as? [Any])?.count == 2 && first?["nextPageToken"] is String)
        #expect(first?["address"] as? String == alice.address.string && first?["error"] as? String == "")

        let confirmed = try await woc.confirmedHistory(of: alice.address)
        #expect(confirmed.map(\.txid) == coins.map(\.outpoint.txid))
        #expect(confirmed.map(\.height) == [101, 102, 103])
        #expect(try await woc.confirmedHistory(of: alice.address, fromHeight: 102).map(\.height) == [102, 103])
        #expect(
            try await woc.unconfirmedHistory(of: alice.address) == [.init(txid: spend.transaction.txid, height: nil)])
        #expect(try await woc.confirmedHistory(of: bob.address).isEmpty)
        #expect(try await woc.unconfirmedHistory(of: bob.address).map(\.txid) == [spend.transaction.txid])

        let unspent = try await woc.unspentOutputs(of: alice.address)
        #expect(unspent.map(\.amount.satoshis) == [50_000, 60_000, 70_000, 19_000])
        #expect(unspent.map(\.isSpentInMempool) == [true, false, false, false])
        #expect(unspent.map(\.height) == [101, 102, 103, nil])
        let bobs = try await woc.unspentOutputs(of: bob.address)
        #expect(
            bobs == [
                .init(
                    txid: spend.transaction.txid, vout: 0, amount: try Amount(satoshis: 30_000), height: nil,
                    isSpentInMempool: false)
            ])

        try await devnet.mine()
        #expect(try await woc.unconfirmedHistory(of: bob.address).isEmpty)
        #expect(try await woc.confirmedHistory(of: bob.address).map(\.height) == [104])
        #expect(try await woc.confirmedHistory(of: alice.address).count == 4)
        #expect(try await woc.unspentOutputs(of: alice.address).map(\.amount.satoshis) == [60_000, 70_000, 19_000])
    }

    @Test func routesTheClientDoesNotCall() async throws {
        let coin = try await devnet.fund(alice, 50_000)
        let prefix = DevnetAPI.whatsOnChainPrefix
        let spend = try alice.spend([coin], to: [try bob.output(49_000)])
        let broadcast = try await devnet.send(
            "POST", "\(prefix)/tx/raw", json: #"{"txhex":"\#(spend.transaction.hex)"}"#)
        #expect(
            broadcast.status == 200
                && String(decoding: broadcast.body, as: UTF8.self) == spend.transaction.txid.displayHex)
        let again = try await devnet.send("POST", "\(prefix)/tx/raw", json: #"{"txhex":"\#(spend.transaction.hex)"}"#)
        #expect(again.status == 200)
        let conflict = try alice.spend([coin], to: [try alice.output(49_000)])
        let refused = try await devnet.send(
            "POST", "\(prefix)/tx/raw", json: #"{"txhex":"\#(conflict.transaction.hex)"}"#)
        #expect(refused.status == 400 && String(decoding: refused.body, as: UTF8.self).contains("txn-mempool-conflict"))

        let spent = try await devnet.send(
            "GET", "\(prefix)/tx/\(coin.outpoint.txid.displayHex)/\(coin.outpoint.vout)/spent")
        #expect(
            String(decoding: spent.body, as: UTF8.self) == #"{"txid":"\#(spend.transaction.txid.displayHex)","vin":0}"#)
        let unspent = try await devnet.send("GET", "\(prefix)/tx/\(spend.transaction.txid.displayHex)/0/spent")
        #expect(unspent.status == 404)

        let txids = [coin.outpoint.txid, spend.transaction.txid, Txid(hashing: [1])].map { "\"\($0.displayHex)\"" }
        let statuses = try await devnet.send(
            "POST", "\(prefix)/txs/status", json: #"{"txids":[\#(txids.joined(separator: ","))]}"#)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(statuses.body)) as? [[String: Any]])
        #expect(list.count == 3 && list[0]["blockheight"] as? Int == 101 && list[0]["confirmations"] as? Int == 1)
        #expect(list[1].count == 1 && list[2]["error"] as? String == "unknown")

        let block = try await devnet.send("GET", "\(prefix)/block/height/101")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(block.body)) as? [String: Any])
        #expect(object["txcount"] as? Int == 2 && (object["tx"] as? [String])?.last == coin.outpoint.txid.displayHex)
        #expect(
            try await devnet.send("GET", "\(prefix)/block/hash/\(BlockHash(hashing: [1]).displayHex)").status == 404)
        #expect(
            try await devnet.send("GET", "\(prefix)/address/1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH/unspent/all").status
                == 400)
        #expect(try await devnet.send("GET", "\(prefix)/tx/nothex/hex").status == 400)
    }
}
