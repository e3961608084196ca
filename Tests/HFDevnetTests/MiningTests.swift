import HFCrypto
import HFPrimitives
import HFSPV
import Testing

@testable import HFDevnet

@Suite struct MiningTests {
    /// 201 blocks mined in runs of 1, 99, 100 and 1 (the last to an address) pass an independent regtest
    /// `HeaderChain`, run by run as a watcher would commit them.
    @Test func mined201BlocksPassTheHeaderChain() throws {
        let chain = DevnetChain(key: try TestWallet(seed: 1).key)
        let headerChain = try HeaderChain(checkpoint: .regtest)
        let recipient = try TestWallet(seed: 2)
        for (count, payee) in [(1, nil), (99, nil), (100, nil), (1, recipient.address)] as [(Int, Address?)] {
            let start = chain.height + 1
            let hashes = try chain.mine(count, to: payee)
            #expect(hashes.count == count)
            let run = chain.headers(from: start, count: count).map(\.header)
            #expect(run.map(\.hash) == hashes)
            try headerChain.commitValidatedRun(startHeight: start, headers: run)
        }
        #expect(chain.height == 201)
        #expect(headerChain.validatedTipHeight == 201)
        #expect(headerChain.validatedTipHash == chain.chainInfo().bestBlockHash)
        // Every block: bits, strictly increasing time, a unique coinbase with the BIP34 height first.
        var coinbaseTxids = Set<Txid>()
        var previousTime = Checkpoint.regtest.header.time
        for height in 1...201 {
            let block = try #require(chain.block(atHeight: height))
            #expect(block.header.bits == 0x207f_ffff)
            #expect(block.header.time > previousTime)
            #expect(block.header.hasValidProofOfWork)
            previousTime = block.header.time
            let coinbase = block.transactions[0]
            #expect(coinbaseTxids.insert(coinbase.txid).inserted)
            let push = try #require(try coinbase.inputs[0].unlockingScript.operations().first)
            #expect(push == Coinbase.heightPush(height))
            #expect(coinbase.outputs[0].satoshis == (height < 150 ? 5_000_000_000 : 2_500_000_000))
        }
        let last = try #require(chain.block(atHeight: 201))
        #expect(last.transactions[0].outputs[0].lockingScript == recipient.script)
        #expect(
            chain.block(atHeight: 200)?.transactions[0].outputs[0].lockingScript
                == Script(p2pkhPaying: chain.coinbaseAddress))
    }

    /// BIP34 pushes: OP_1…OP_16, then minimal little-endian script numbers with a sign byte when needed.
    @Test func heightPushes() {
        #expect(Coinbase.heightPush(1).serialized == [0x51])
        #expect(Coinbase.heightPush(16).serialized == [0x60])
        #expect(Coinbase.heightPush(17).serialized == [0x01, 0x11])
        #expect(Coinbase.heightPush(127).serialized == [0x01, 0x7f])
        #expect(Coinbase.heightPush(128).serialized == [0x02, 0x80, 0x00])
        #expect(Coinbase.heightPush(887_000).serialized == [0x03, 0xd8, 0x88, 0x0d])
        #expect(Coinbase.subsidy(atHeight: 149) == 5_000_000_000)
        #expect(Coinbase.subsidy(atHeight: 300) == 1_250_000_000)
        #expect(Coinbase.subsidy(atHeight: 150 * 64) == 0)
    }

    /// Genesis is the compiled-in regtest checkpoint, with the real genesis coinbase as its only transaction.
    @Test func genesis() throws {
        let chain = DevnetChain()
        let genesis = try #require(chain.header(atHeight: 0))
        #expect(genesis.hash == Checkpoint.regtest.hash)
        #expect(genesis.previousBlockHash == nil)
        #expect(genesis.nextBlockHash == nil)
        #expect(genesis.transactionCount == 1)
        #expect(genesis.size == 285)
        let block = try #require(chain.block(atHeight: 0))
        #expect(MerkleHash(block.txids[0]) == genesis.merkleRoot)
        #expect(chain.unspentOutputs(lockingScript: block.transactions[0].outputs[0].lockingScript).isEmpty)
    }

    /// Header fields as WhatsOnChain shows them, chain info, and the header range queries.
    @Test func headerQueries() throws {
        let chain = DevnetChain()
        try chain.mine(5)
        let info = chain.chainInfo()
        #expect(info.chain == "regtest")
        #expect(info.blocks == 5 && info.headers == 5)
        #expect(info.chainworkHex == String(repeating: "0", count: 63) + "c")  // 6 blocks × work 2
        #expect(abs(info.difficulty - 4.656542373906925e-10) < 1e-20)
        let third = try #require(chain.header(atHeight: 3))
        #expect(third.confirmations == 3)
        #expect(third.bitsHex == "207fffff")
        #expect(third.versionHex == "20000000")
        #expect(third.bytes.count == 80)
        #expect(third.chainworkHex.hasSuffix("8"))
        #expect(third.previousBlockHash == chain.header(atHeight: 2)?.hash)
        #expect(third.nextBlockHash == chain.header(atHeight: 4)?.hash)
        #expect(chain.header(hash: third.hash) == third)
        #expect(chain.header(atHeight: 6) == nil)
        #expect(chain.header(atHeight: -1) == nil)
        #expect(chain.header(atHeight: 5)?.nextBlockHash == nil)
        #expect(chain.headers(from: 4, count: 10).map(\.height) == [4, 5])
        #expect(chain.headers(from: 6, count: 10).isEmpty)
        #expect(chain.headers(from: 0, count: 0).isEmpty)
        #expect(chain.latestHeaders(count: 3).map(\.height) == [5, 4, 3])
        #expect(chain.latestHeaders(count: 100).count == 6)
        #expect(info.medianTime == chain.header(atHeight: 5)?.medianTime)
    }

    /// Block time is max(previous + 1, now): a stopped clock in the past still gives increasing times, a clock in
    /// the future is followed.
    @Test func blockTimes() throws {
        let past = DevnetChain(clock: { 1_000 })
        try past.mine(3)
        let genesisTime = Checkpoint.regtest.header.time
        #expect(
            (1...3).compactMap { past.header(atHeight: $0)?.time } == [
                genesisTime + 1, genesisTime + 2, genesisTime + 3,
            ])
        let future = DevnetChain(clock: { 2_000_000_000 })
        try future.mine(2)
        #expect((1...2).compactMap { future.header(atHeight: $0)?.time } == [2_000_000_000, 2_000_000_001])
    }

    @Test func blockCountLimits() {
        let chain = DevnetChain()
        #expect(throws: DevnetError.invalidBlockCount(0)) { try chain.mine(0) }
        #expect(throws: DevnetError.invalidBlockCount(10_001)) { try chain.mine(10_001) }
        #expect(chain.height == 0)
    }
}
