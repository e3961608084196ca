import HFCrypto
import HFDevnet
import HFPrimitives
import HFSPV
import HFStore
import HFWallet
import HFWatcherCore
import Testing

/// The watcher's spending rule follows its best chain (issue 14, `WatchedSpending`), in-process against an
/// in-memory `DevnetChain` on loopback (the fixture of `WatcherBestChainTests`: alice paid 10 000 in block 101, bob
/// 20 000 in 102, both watched): a spend confirmed on the best chain consumes; a spend whose block left it consumes
/// nothing and the coin counts again as it stands, until the block returns; a spend in flight consumes, also an
/// orphaned one the service reports back in the mempool; an orphaned spend's change, a spend of that change, and a
/// spend that lost to a confirmed double spend count for nothing.
@Suite struct WatcherSpendingTests {
    typealias Fixture = WatcherBestChainTests.Fixture

    static func key(_ seed: UInt8) throws -> PrivateKey {
        try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [seed])
    }

    static func address(_ seed: UInt8) throws -> Address { Address(publicKey: try key(seed).publicKey, network: .regtest) }

    /// A signed transaction spending output `vout` of `coin` (on the devnet) with key `seed`, paying `outputs`.
    static func spend(
        _ coin: Txid, vout: UInt32? = nil, key seed: UInt8, paying outputs: [(UInt8, UInt64)], on devnet: DevnetChain
    ) throws -> Transaction {
        let source = try #require(devnet.transaction(coin)?.transaction)
        let mine = Script(p2pkhPaying: try address(seed))
        let index = try #require(vout.map(Int.init) ?? source.outputs.firstIndex { $0.lockingScript == mine })
        return try TransactionSigner(keys: [key(seed)]).sign(
            Transaction(
                inputs: [TransactionInput(previousOutput: OutPoint(txid: coin, vout: UInt32(index)))],
                outputs: outputs.map { seed, satoshis in
                    try TransactionOutput(satoshis: satoshis, lockingScript: Script(p2pkhPaying: address(seed)))
                }),
            sourceOutputs: [source.outputs[index]])
    }

    static func submit(_ transaction: Transaction, to devnet: DevnetChain) throws {
        guard case .success = try devnet.submit(transaction) else {
            Issue.record("the devnet refused \(transaction.txid.displayHex)")
            return
        }
    }

    static let alice: UInt8 = 2
    static let bob: UInt8 = 3
    static let stranger: UInt8 = 9

    /// The history entry of `txid`.
    static func entry(_ txid: Txid, in ledger: WatchOnlyLedger) throws -> WatchOnlyLedger.Entry {
        try #require(ledger.history.first { $0.txid == txid.displayHex })
    }

    @Test func aForeignSpendConsumesOnlyWhileItsBlockIsOnTheBestChain() async throws {
        let f = try await Fixture()
        defer { f.server.stop() }
        // Alice's coin spent to a stranger by someone holding her key (not through this watcher), mined in 103.
        let spend = try Self.spend(f.alice, key: Self.alice, paying: [(Self.stranger, 9_000)], on: f.devnet)
        try Self.submit(spend, to: f.devnet)
        try f.devnet.mine(1)
        #expect(try await f.sync() == 1)
        #expect(try f.balance == (20_000, 0), "confirmed on the best chain: consumed")
        #expect(try f.ledger.unspent.map(\.txid) == [f.bob.displayHex])
        let confirmed = try Self.entry(spend.txid, in: f.ledger)
        #expect(confirmed.standing == .confirmed(height: 103) && confirmed.height == 103 && confirmed.setAside == nil)
        let block103 = try #require(f.devnet.block(atHeight: 103))

        // A heavier branch from 103 drops the spend: alice's coin counts again, confirmed in its own block.
        _ = try f.devnet.reorg(from: 103, blocks: 2)
        #expect(try await f.sync() == 0, "nothing stored: derived from the chain")
        let ledger = try f.ledger
        #expect((ledger.balance.confirmed, ledger.balance.unconfirmed) == (30_000, 0))
        #expect(ledger.unspent.map(\.txid) == [f.alice.displayHex, f.bob.displayHex])
        #expect(ledger.unspent.map(\.height) == [101, 102])
        let orphaned = try Self.entry(spend.txid, in: ledger)
        #expect(orphaned.standing == .orphaned(height: 103, blockHash: block103.hash.displayHex))
        #expect(orphaned.height == nil && orphaned.setAside == .orphanedSpend)
        #expect(ledger.history.map(\.txid) == [f.alice, f.bob, spend.txid].map(\.displayHex), "orphaned last")
        #expect(ledger.orphaned.map(\.txid) == [spend.txid.displayHex])

        // The spend's block returns on a heavier branch: the coin is spent again, with no row changed.
        let rows = try f.rows
        f.server.stop()
        let first = WatcherBestChainTests.header(on: block103.header)
        try f.session.chain.commitValidatedRun(
            startHeight: 103, headers: [block103.header, first, WatcherBestChainTests.header(on: first)])
        #expect(try f.balance == (20_000, 0))
        #expect(try f.ledger.unspent.map(\.txid) == [f.bob.displayHex])
        let back = try Self.entry(spend.txid, in: f.ledger)
        #expect(back.standing == .confirmed(height: 103) && back.setAside == nil)
        #expect(try f.rows == rows, "derived, not stored")
    }

    @Test func anOrphanedSpendBackInTheMempoolIsInFlightAgain() async throws {
        let f = try await Fixture()
        defer { f.server.stop() }
        let spend = try Self.spend(f.alice, key: Self.alice, paying: [(Self.stranger, 9_000)], on: f.devnet)
        try Self.submit(spend, to: f.devnet)
        try f.devnet.mine(1)
        #expect(try await f.sync() == 1)
        _ = try f.devnet.reorg(from: 103, blocks: 2)
        #expect(try await f.sync() == 0)
        #expect(try f.balance == (30_000, 0), "orphaned and not reported: the coin counts again")

        // The spend is back in the mempool (as a real node returns it): the service reports it unmined, so it is
        // in flight again and its coin is not shown spendable; its orphaned proof is forgotten.
        try Self.submit(spend, to: f.devnet)
        #expect(try await f.sync() == 1)
        #expect(try f.balance == (20_000, 0))
        #expect(try f.ledger.unspent.map(\.txid) == [f.bob.displayHex])
        let pending = try Self.entry(spend.txid, in: f.ledger)
        #expect(pending.standing == .unconfirmed && pending.setAside == nil)
        #expect(try f.ledger.orphaned.isEmpty)
        let row = try #require(try f.rows.first { $0.txid == spend.txid.displayHex })
        #expect(row.proof == nil && row.blockHeight == nil && row.blockHash == nil)
        #expect(try await f.sync() == 0, "unmined again: nothing more to store")

        // Mined in 105: proved there, confirmed and consuming.
        try f.devnet.mine(1)
        #expect(try await f.sync() == 1)
        #expect(try f.balance == (20_000, 0))
        #expect(try Self.entry(spend.txid, in: f.ledger).standing == .confirmed(height: 105))
    }

    @Test func aSpendInFlightConsumesItsCoinAndItsChangeIsUnconfirmed() async throws {
        let f = try await Fixture()
        defer { f.server.stop() }
        let spend = try Self.spend(f.alice, key: Self.alice, paying: [(Self.stranger, 4_000), (Self.alice, 5_000)], on: f.devnet)
        try Self.submit(spend, to: f.devnet)
        #expect(try await f.sync() == 1)
        // In the mempool: the coin is not shown spendable twice; the change is unconfirmed.
        #expect(try f.balance == (20_000, 5_000))
        #expect(try f.ledger.unspent.map(\.txid) == [f.bob, spend.txid].map(\.displayHex))
        let pending = try Self.entry(spend.txid, in: f.ledger)
        #expect(pending.standing == .unconfirmed && pending.setAside == nil)
        try f.devnet.mine(1)
        #expect(try await f.sync() == 1)
        #expect(try f.balance == (25_000, 0))
    }

    @Test func anOrphanedSpendIsSetAsideWithItsChangeAndWhatSpentIt() async throws {
        let f = try await Fixture()
        defer { f.server.stop() }
        // T1: alice's coin → a stranger and change back to alice, mined in 103; T2: that change → bob, in flight.
        let t1 = try Self.spend(f.alice, key: Self.alice, paying: [(Self.stranger, 4_000), (Self.alice, 5_000)], on: f.devnet)
        try Self.submit(t1, to: f.devnet)
        try f.devnet.mine(1)
        let t2 = try Self.spend(t1.txid, vout: 1, key: Self.alice, paying: [(Self.bob, 4_000)], on: f.devnet)
        try Self.submit(t2, to: f.devnet)
        #expect(try await f.sync() == 2)
        #expect(try f.balance == (20_000, 4_000))

        // The reorg drops T1 and evicts T2 (the watcher still holds T2 as unmined): alice's coin counts again, and
        // neither T1's change nor T2's payment does (the same money would count twice).
        let reorg = try f.devnet.reorg(from: 103, blocks: 2)
        #expect(reorg.droppedTransactions == [t1.txid] && reorg.evictedTransactions == [t2.txid])
        #expect(try await f.sync() == 0)
        let ledger = try f.ledger
        #expect((ledger.balance.confirmed, ledger.balance.unconfirmed) == (30_000, 0))
        #expect(ledger.unspent.map(\.txid) == [f.alice, f.bob].map(\.displayHex))
        #expect(try Self.entry(t1.txid, in: ledger).setAside == .orphanedSpend)
        let child = try Self.entry(t2.txid, in: ledger)
        #expect(child.standing == .unconfirmed && child.setAside == .spendsSetAside(t1.txid.displayHex))

        // Alice's coin spent again another way, mined: the orphaned T1 lost to a confirmed double spend.
        let t3 = try Self.spend(f.alice, key: Self.alice, paying: [(Self.alice, 9_000)], on: f.devnet)
        try Self.submit(t3, to: f.devnet)
        try f.devnet.mine(1)
        #expect(try await f.sync() == 1)
        let after = try f.ledger
        #expect((after.balance.confirmed, after.balance.unconfirmed) == (29_000, 0))
        #expect(after.unspent.map(\.txid) == [f.bob, t3.txid].map(\.displayHex))
        #expect(try Self.entry(t1.txid, in: after).setAside == .doubleSpent(by: t3.txid.displayHex))
        #expect(try Self.entry(t2.txid, in: after).setAside == .spendsSetAside(t1.txid.displayHex))
        #expect(try Self.entry(t3.txid, in: after).standing == .confirmed(height: 105))
    }
}
