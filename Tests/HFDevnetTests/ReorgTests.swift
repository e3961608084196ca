import Foundation
import HFCrypto
import HFPrimitives
import HFSPV
import HFTestSupport
import Testing

@testable import HFDevnet

/// `DevnetChain.reorg`: blocks `from…tip` are replaced by a heavier branch of coinbase-only blocks; the other
/// transactions of the disconnected blocks are dropped (neither mined nor in the mempool); mempool transactions that
/// spent their outputs are evicted; every refusal changes nothing; the change survives a reopen.
@Suite struct ReorgTests {
    /// A chain with alice paid in block 101 (`first`) and bob in block 102 (`second`), and one empty block 103.
    struct TwoPayments {
        let chain: DevnetChain
        let alice: TestWallet
        let bob: TestWallet
        let first: Coin
        let second: Coin

        init(_ chain: DevnetChain) throws {
            self.chain = chain
            alice = try TestWallet(seed: 2)
            bob = try TestWallet(seed: 3)
            first = try chain.fundedCoin(alice, 10_000)
            second = try chain.fundedCoin(bob, 20_000)
            try chain.mine()
        }
    }

    @Test func aHeavierBranchOfEmptyBlocksReplacesTheTopAndDropsItsTransactions() throws {
        let f = try TwoPayments(DevnetChain())
        let chain = f.chain
        #expect(chain.height == 103)
        let old = (102...103).map { chain.block(atHeight: $0)! }
        let workBefore = chain.chainInfo().chainwork

        let reorg = try chain.reorg(from: 102, blocks: 3)
        #expect(reorg.from == 102 && reorg.oldTipHeight == 103 && reorg.newTipHeight == 104)
        #expect(reorg.oldTipHash == old[1].hash && reorg.disconnectedBlocks == old.map(\.hash))
        #expect(reorg.droppedTransactions == [f.second.outpoint.txid], "block 102's payment, not the coinbases")
        #expect(reorg.evictedTransactions.isEmpty)
        #expect(reorg.newBlocks.count == 3 && reorg.newTipHash == chain.chainInfo().bestBlockHash)

        // The new branch: linked on block 101, one coinbase each, heavier, and valid for an SPV header chain.
        #expect(chain.height == 104 && chain.chainInfo().chainwork > workBefore)
        #expect(chain.block(atHeight: 102)?.header.previousBlockHash == chain.block(atHeight: 101)?.hash)
        for height in 102...104 {
            let block = try #require(chain.block(atHeight: height))
            #expect(block.transactions.count == 1 && block.hash == reorg.newBlocks[height - 102])
            #expect(!old.map(\.hash).contains(block.hash))
        }
        let spv = try HeaderChain(checkpoint: .regtest)
        try spv.commitValidatedRun(startHeight: 1, headers: (1...104).map { chain.block(atHeight: $0)!.header })
        #expect(chain.block(hash: old[0].hash) == nil && chain.header(hash: old[1].hash) == nil)

        // Bob's payment left with its block: not mined, not in the mempool, its output gone, its input unspent.
        #expect(chain.status(of: f.second.outpoint.txid) == .unknown)
        #expect(chain.mempool.isEmpty)
        #expect(chain.unspentOutputs(of: f.bob.address).isEmpty)
        #expect(chain.history(of: f.bob.address) == DevnetAddressHistory(confirmed: [], unconfirmed: []))
        let spent = try #require(chain.transaction(f.first.outpoint.txid)).transaction
        #expect(chain.status(of: spent.txid).confirmation?.height == 101, "below the fork nothing moved")
        let secondFunding = try #require(old[0].transactions.last)
        #expect(chain.spend(of: secondFunding.inputs[0].previousOutput) == nil)

        // Submitted again, it is accepted and mined again, in the next block.
        #expect(try chain.rejection(of: secondFunding) == nil)
        try chain.mine()
        #expect(chain.status(of: secondFunding.txid).confirmation?.height == 105)
        #expect(chain.unspentOutputs(of: f.bob.address).map(\.satoshis) == [20_000])
    }

    @Test func refusedReorganisationsChangeNothing() throws {
        let f = try TwoPayments(DevnetChain())
        let chain = f.chain
        let before = chain.chainInfo()
        let cases: [(Int, Int, DevnetError)] = [
            (0, 200, .reorgOutOfRange(from: 0, tip: 103)),
            (104, 5, .reorgOutOfRange(from: 104, tip: 103)),
            (102, 2, .reorgNotHeavier(from: 102, blocks: 2, tip: 103)),
            (103, 1, .reorgNotHeavier(from: 103, blocks: 1, tip: 103)),
            (1, 103, .reorgNotHeavier(from: 1, blocks: 103, tip: 103)),
            (102, 0, .invalidBlockCount(0)),
            (102, DevnetChain.maxBlocksPerCall + 1, .invalidBlockCount(DevnetChain.maxBlocksPerCall + 1)),
        ]
        for (from, blocks, expected) in cases {
            #expect(throws: expected) { try chain.reorg(from: from, blocks: blocks) }
        }
        #expect(chain.chainInfo() == before)
        #expect(chain.status(of: f.second.outpoint.txid).confirmation?.height == 102)
        #expect(
            DevnetError.reorgNotHeavier(from: 102, blocks: 2, tip: 103).description
                == "a branch of 2 blocks from height 102 is not heavier than the 2 it would replace (heights 102 to "
                + "103); give --blocks 3 or more")
        #expect(throws: DevnetError.reorgOutOfRange(from: 1, tip: 0)) { try DevnetChain().reorg(from: 1, blocks: 2) }
        chain.close()
        #expect(throws: DevnetError.closed) { try chain.reorg(from: 102, blocks: 3) }
    }

    @Test func mempoolTransactionsSpendingDisconnectedOutputsAreEvicted() throws {
        let f = try TwoPayments(DevnetChain())
        let chain = f.chain
        let carol = try TestWallet(seed: 4)
        let keeps = try f.alice.spend([f.first], to: [try carol.output(9_000)])
        let loses = try f.bob.spend([f.second], to: [try carol.output(19_000)])
        #expect(try chain.rejection(of: keeps) == nil && chain.rejection(of: loses) == nil)

        let reorg = try chain.reorg(from: 102, blocks: 3)
        #expect(reorg.evictedTransactions == [loses.txid])
        #expect(chain.mempool.txids == [keeps.txid])
        try chain.mine()
        #expect(chain.status(of: keeps.txid).confirmation?.height == 105)
        #expect(chain.status(of: loses.txid) == .unknown)
    }

    /// With a clock that never moves, a replaced coinbase-only block would be mined again byte for byte were the
    /// new coinbases not tagged: the branch must still differ from what it replaces.
    @Test func aBranchNeverRepeatsTheBlockItReplaces() throws {
        let chain = DevnetChain(clock: { 1_700_000_000 })
        try chain.mine(3)
        let old = try #require(chain.block(atHeight: 3))
        let reorg = try chain.reorg(from: 3, blocks: 2)
        #expect(reorg.newBlocks[0] != old.hash && reorg.disconnectedBlocks == [old.hash])
        #expect(chain.height == 4)
    }

    /// A replacement file that cannot be written (here a directory is in its way): `.storage`, and nothing changed,
    /// neither in memory nor in the state directory.
    @Test func aFailedWriteChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        do { try DevnetChain(stateDirectory: state).mine(3) }
        try FileManager.default.createDirectory(atPath: "\(state)/blocks.dat.new", withIntermediateDirectories: false)
        let chain = try DevnetChain(stateDirectory: state)
        let before = chain.chainInfo()
        #expect(throws: DevnetError.self) { try chain.reorg(from: 2, blocks: 3) }
        #expect(chain.chainInfo() == before)
        try chain.mine()
        #expect(chain.height == 4)
        chain.close()
        try FileManager.default.removeItem(atPath: "\(state)/blocks.dat.new")
        let reopened = try DevnetChain(stateDirectory: state)
        #expect(reopened.height == 4 && reopened.openReport.blocksDropped == 0)
        #expect(reopened.header(atHeight: 3)?.hash == before.bestBlockHash)
    }

    @Test func aReorganisationIsKeptAcrossAReopen() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        let carol = try TestWallet(seed: 4)
        let after: PersistenceTests.Snapshot
        let alice: TestWallet
        do {
            let f = try TwoPayments(try DevnetChain(stateDirectory: state))
            alice = f.alice
            let keeps = try f.alice.spend([f.first], to: [try carol.output(9_000)])
            let loses = try f.bob.spend([f.second], to: [try carol.output(19_000)])
            #expect(try f.chain.rejection(of: keeps) == nil && f.chain.rejection(of: loses) == nil)
            _ = try f.chain.reorg(from: 102, blocks: 3)
            after = PersistenceTests.Snapshot(f.chain, f.alice)
            f.chain.close()
        }
        #expect(!FileManager.default.fileExists(atPath: "\(state)/blocks.dat.new"))
        // A replacement left by a crash before its rename is removed; the file itself is whole.
        try Data("torn".utf8).write(to: URL(fileURLWithPath: "\(state)/blocks.dat.new"))
        let reopened = try DevnetChain(stateDirectory: state)
        #expect(PersistenceTests.Snapshot(reopened, alice) == after)
        #expect(reopened.mempool.count == 1, "the evicted transaction stays out of mempool.dat")
        #expect(
            reopened.openReport
                == DevnetOpenReport(
                    blocksLoaded: 104, blockBytesDropped: 0, blocksDropped: 0, mempoolTransactionsLoaded: 1,
                    mempoolTransactionsDropped: 0, createdKey: false))
        #expect(!FileManager.default.fileExists(atPath: "\(state)/blocks.dat.new"))
        try reopened.mine()
        #expect(reopened.height == 105)
    }
}
