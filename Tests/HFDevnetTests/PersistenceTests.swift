import Foundation
import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFDevnet

/// The state directory: reopening gives the same chain, UTXOs, mempool and key; torn writes are cut off.
@Suite struct PersistenceTests {
    /// What a reopened chain must reproduce.
    struct Snapshot: Equatable {
        let info: DevnetChainInfo
        let headers: [DevnetHeaderInfo]
        let aliceUnspent: [DevnetUnspentOutput]
        let devnetUnspent: [DevnetUnspentOutput]
        let aliceHistory: DevnetAddressHistory
        let mempool: [Txid]
        let coinbaseAddress: Address

        init(_ chain: DevnetChain, _ alice: TestWallet) {
            info = chain.chainInfo()
            headers = chain.headers(from: 0, count: 1_000)
            aliceUnspent = chain.unspentOutputs(of: alice.address)
            devnetUnspent = chain.unspentOutputs(of: chain.coinbaseAddress)
            aliceHistory = chain.history(of: alice.address)
            mempool = chain.mempool.txids
            coinbaseAddress = chain.coinbaseAddress
        }
    }

    @Test func reopenRestoresChainUTXOsMempoolAndKey() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        let alice = try TestWallet(seed: 2)
        let bob = try TestWallet(seed: 3)
        let before: Snapshot
        let pending: Transaction
        do {
            let chain = try DevnetChain(stateDirectory: state)
            #expect(chain.openReport.createdKey)
            let coin = try chain.fundedCoin(alice, 50_000)
            pending = try alice.spend([coin], to: [try bob.output(20_000), try alice.output(29_000)])
            #expect(try chain.rejection(of: pending) == nil)
            before = Snapshot(chain, alice)
            #expect(throws: DevnetError.stateDirectoryInUse(path: state)) { try DevnetChain(stateDirectory: state) }
            chain.close()
            #expect(throws: DevnetError.closed) { try chain.mine() }
        }
        let keyMode = try #require(
            try FileManager.default.attributesOfItem(atPath: "\(state)/coinbase.wif")[.posixPermissions] as? Int)
        #expect(keyMode == 0o600)

        let reopened = try DevnetChain(stateDirectory: state)
        #expect(Snapshot(reopened, alice) == before)
        #expect(
            reopened.openReport
                == DevnetOpenReport(
                    blocksLoaded: 101, blockBytesDropped: 0, blocksDropped: 0, mempoolTransactionsLoaded: 1,
                    mempoolTransactionsDropped: 0, createdKey: false))
        // The reopened chain keeps working: mine the pending payment, reopen again.
        try reopened.mine()
        #expect(reopened.status(of: pending.txid).confirmation?.height == 102)
        let mined = Snapshot(reopened, alice)
        reopened.close()
        let third = try DevnetChain(stateDirectory: state)
        #expect(Snapshot(third, alice) == mined)
        #expect(third.mempool.isEmpty)
    }

    /// Closing releases the lock at once even when a child process spawned by another thread still holds a copy of
    /// its descriptor (from `posix_spawn`'s clone until the child's `exec`): reopening never finds the directory in
    /// use.
    @Test func closeReleasesTheLockWhileChildrenAreSpawned() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        try BackgroundSpawner.repeatedly(whileSpawning: 50) { try DevnetChain(stateDirectory: state).close() }
    }

    /// A torn last record (cut short, or garbage appended) is dropped on open; the chain reopens on the last whole
    /// block.
    @Test func tornBlockFileIsCutBack() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        let tipAt3: BlockHash
        do {
            let chain = try DevnetChain(stateDirectory: state)
            try chain.mine(3)
            tipAt3 = try #require(chain.header(atHeight: 3)).hash
            try chain.mine(1)
            chain.close()
        }
        let blocksPath = "\(state)/blocks.dat"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: blocksPath))
        bytes.removeLast(10)
        try bytes.write(to: URL(fileURLWithPath: blocksPath))
        do {
            let chain = try DevnetChain(stateDirectory: state)
            #expect(chain.height == 3)
            #expect(chain.chainInfo().bestBlockHash == tipAt3)
            #expect(chain.openReport.blockBytesDropped > 0)
            chain.close()
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: blocksPath))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x05, 0, 0, 0, 1, 2, 3, 4, 9, 9, 9, 9, 9]))
        try handle.close()
        let chain = try DevnetChain(stateDirectory: state)
        #expect(chain.height == 3)
        #expect(chain.openReport.blockBytesDropped == 13)
        try chain.mine()
        #expect(chain.height == 4)
    }

    /// A whole record that does not validate (here block 1 stored twice: the copy does not link) is dropped with
    /// everything after it.
    @Test func invalidBlockRecordIsDropped() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        do { try DevnetChain(stateDirectory: state).mine(1) }
        let blocksPath = "\(state)/blocks.dat"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: blocksPath))
        try (bytes + bytes.dropFirst(8)).write(to: URL(fileURLWithPath: blocksPath))
        let chain = try DevnetChain(stateDirectory: state)
        #expect(chain.height == 1)
        #expect(chain.openReport.blocksDropped == 1 && chain.openReport.blockBytesDropped == 0)
        chain.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: blocksPath)) == bytes)
    }

    /// A mined transaction still listed in `mempool.dat` (a crash between the two writes) is dropped on open.
    @Test func staleMempoolRecordsAreDropped() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        let alice = try TestWallet(seed: 2)
        let pending: Transaction
        do {
            let chain = try DevnetChain(stateDirectory: state)
            let coin = try chain.fundedCoin(alice, 50_000)
            pending = try alice.spend([coin], to: [try alice.output(49_000)])
            #expect(try chain.rejection(of: pending) == nil)
            chain.close()
        }
        let mempoolCopy = try Data(contentsOf: URL(fileURLWithPath: "\(state)/mempool.dat"))
        do {
            let chain = try DevnetChain(stateDirectory: state)
            try chain.mine()
            chain.close()
        }
        try mempoolCopy.write(to: URL(fileURLWithPath: "\(state)/mempool.dat"))
        let chain = try DevnetChain(stateDirectory: state)
        #expect(chain.mempool.isEmpty)
        #expect(chain.openReport.mempoolTransactionsDropped == 1)
        #expect(chain.status(of: pending.txid).confirmation?.height == 102)
    }

    @Test func keyFileReadableByOthersIsRefused() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        do { try DevnetChain(stateDirectory: state).close() }
        let keyPath = "\(state)/coinbase.wif"
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keyPath)
        #expect(throws: DevnetError.keyFileTooOpen(path: keyPath, mode: 0o644)) {
            try DevnetChain(stateDirectory: state)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyPath)
        #expect(try DevnetChain(stateDirectory: state).openReport.createdKey == false)
    }

    @Test func foreignFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let state = directory.path("devnet")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try Data("not a devnet file".utf8).write(to: URL(fileURLWithPath: "\(state)/blocks.dat"))
        #expect(throws: DevnetError.self) { try DevnetChain(stateDirectory: state) }
    }
}
