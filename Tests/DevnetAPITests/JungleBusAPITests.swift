import HFDevnet
import HFNetwork
import HFPrimitives
import Testing

/// The JungleBus imitation, driven by `JungleBusClient`.
@Suite struct JungleBusAPITests {
    let devnet: RunningDevnet

    init() throws {
        devnet = try RunningDevnet()
    }

    @Test func headerRunsAndBlockHeights() async throws {
        let mined = try await devnet.mine(12)
        let jungleBus = try devnet.jungleBus
        let fromGenesis = try await jungleBus.headers(from: 0, count: 5)
        #expect(fromGenesis.map(\.height) == [0, 1, 2, 3, 4])
        #expect(fromGenesis[0].header == devnet.chain.header(atHeight: 0)?.header)
        let toTip = try await jungleBus.headers(from: 3, count: 100)
        #expect(toTip.map(\.height) == Array(3...12))
        #expect(toTip.map(\.hash.displayHex) == Array(mined.hashes[2...]))
        #expect(try await jungleBus.headers(from: 13, count: 5).isEmpty)

        let hash = try BlockHash(displayHex: mined.hashes[6])
        #expect(try await jungleBus.blockHeight(of: hash) == 7)
        #expect(try await jungleBus.blockHeight(of: BlockHash(hashing: [7])) == nil)
    }

    @Test func addressHistoryHoldsMinedTransactions() async throws {
        let alice = try TestWallet(seed: 2)
        let bob = try TestWallet(seed: 3)
        let first = try await devnet.fund(alice, 40_000)
        let second = try await devnet.fund(alice, 41_000)
        let jungleBus = try devnet.jungleBus
        let records = try await jungleBus.addressHistory(of: alice.address)
        #expect(records.map(\.txid) == [first.outpoint.txid, second.outpoint.txid])
        #expect(records.map(\.blockHeight) == [101, 102])
        #expect(records.map(\.blockIndex) == [1, 1])
        let block = try #require(try await devnet.whatsOnChain.header(height: 102))
        #expect(records[1].blockHash == block.hash)
        #expect(
            try await jungleBus.addressHistory(of: alice.address, fromHeight: 102).map(\.txid) == [second.outpoint.txid]
        )

        // A mempool transaction is not in JungleBus's index until it is mined.
        let spend = try alice.spend([first], to: [try bob.output(39_000)])
        #expect(try await devnet.arc.submit(spend.serialized, txid: spend.transaction.txid).isSuccess)
        #expect(try await jungleBus.addressHistory(of: bob.address).isEmpty)
        try await devnet.mine()
        #expect(try await jungleBus.addressHistory(of: bob.address).map(\.blockHeight) == [103])
        #expect(try await jungleBus.addressHistory(of: alice.address).count == 3)
    }
}
