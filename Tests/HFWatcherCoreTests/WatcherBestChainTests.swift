import HFBundles
import HFCrypto
import HFDevnet
import HFPrimitives
import HFSPV
import HFStore
import HFTestSupport
import HFWallet
import HFWatcherCore
import Testing

/// The watcher's confirmed view is derived from its own best chain (issue 14), in-process against an in-memory
/// `DevnetChain` served on loopback: a heavier branch that drops the block of a stored payment makes it unconfirmed
/// in the ledger and skipped (with the reason) by the receipt export, and the old block coming back counts it again
/// with nothing stored or fetched in between.
@Suite struct WatcherBestChainTests {
    /// A watcher home watching alice and bob, synced with a devnet that paid alice in block 101 and bob in 102.
    struct Fixture {
        /// The watched wallet's id (64 hex, as the store demands).
        static let walletID = String(repeating: "ab", count: 32)

        let dir: TemporaryDirectory
        let devnet: DevnetChain
        let server: HTTPServer
        let session: WatcherSession
        let alice: Txid
        let bob: Txid

        init() async throws {
            dir = try TemporaryDirectory()
            let home = try WatcherHome.create(explicit: dir.path("home"))
            devnet = DevnetChain()
            let router = DevnetAPI.router(for: devnet)
            server = HTTPServer { request in router.respond(to: request) }
            let port = try server.start()
            try home.setConfig("devnet", "http://127.0.0.1:\(port)")
            try home.setConfig("net.attempts", "1")
            let addresses = try (2...3).map { seed in
                let key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [UInt8(seed)])
                return Address(publicKey: key.publicKey, network: .regtest)
            }
            let wallets = WatchedWallets(database: home.database, network: "regtest")
            try wallets.trust(walletID: Self.walletID, identityKey: String(repeating: "02", count: 33), at: "2026-12-02T00:00:00Z")
            try wallets.add(
                addresses.enumerated().map { index, address in
                    WatchedWallets.Entry(
                        address: address.string, walletID: Self.walletID, scheme: "type42", reference: "1-wallet-\(index)")
                })
            session = try WatcherSession.open(home: home, network: .regtest)
            alice = try devnet.fund(address: addresses[0], satoshis: 10_000)
            bob = try devnet.fund(address: addresses[1], satoshis: 20_000)
            try await sync()
        }

        /// The session's sync (headers, then addresses); returns what the address sync stored or confirmed, and
        /// checks that its orphaned list is the ledger's.
        @discardableResult
        func sync() async throws -> Int {
            let outcome = try await session.sync()
            #expect(outcome.validatedTipHeight == session.chain.validatedTipHeight)
            #expect(outcome.orphaned.map(\.txid) == (try ledger.orphaned.map(\.txid)))
            return outcome.transactions
        }

        var ledger: WatchOnlyLedger { get throws { try WatchOnlyLedger(home: session.home, chain: session.chain) } }

        /// `(confirmed, unconfirmed)` satoshis.
        var balance: (UInt64, UInt64) { get throws { let b = try ledger.balance; return (b.confirmed, b.unconfirmed) } }

        func receipts(since: Int? = nil, txids: Set<String> = []) throws -> ReceiptExport {
            try WatcherExport.receipts(home: session.home, chain: session.chain, since: since, txids: txids)
        }

        var rows: [WatchedTransactions.Row] {
            get throws { try WatchedTransactions(database: session.home.database, network: "regtest").all() }
        }
    }

    /// A regtest header on `parent` (any merkle root: SPV checks link, work, bits and time).
    static func header(on parent: BlockHeader) -> BlockHeader {
        var nonce: UInt32 = 0
        while true {
            let header = BlockHeader(
                version: 0x2000_0000, previousBlockHash: parent.hash, merkleRoot: parent.merkleRoot,
                time: parent.time + 1, bits: 0x207f_ffff, nonce: nonce)
            if header.hasValidProofOfWork { return header }
            nonce += 1
        }
    }

    @Test func aPaymentWhoseBlockLeftTheChainIsUnconfirmedUntilItsBlockReturns() async throws {
        let f = try await Fixture()
        defer { f.server.stop() }
        #expect(try f.balance == (30_000, 0))
        #expect(try f.receipts().receipts.map(\.txid) == [f.alice, f.bob])
        let block102 = try #require(f.devnet.block(atHeight: 102))

        // A heavier branch from 102 drops bob's payment; the watcher follows it.
        _ = try f.devnet.reorg(from: 102, blocks: 2)
        #expect(try await f.sync() == 0, "nothing to store: the orphaned row keeps its proof")
        #expect(f.session.chain.validatedTipHeight == 103 && f.session.chain.hash(at: 102) != block102.hash)
        let ledger = try f.ledger
        #expect(ledger.balance.confirmed == 10_000 && ledger.balance.unconfirmed == 20_000)
        #expect(ledger.unspent.map(\.height) == [101, nil])
        #expect(ledger.history.map(\.txid) == [f.alice.displayHex, f.bob.displayHex])
        #expect(ledger.history.map(\.height) == [101, nil])
        #expect(ledger.orphaned.map(\.txid) == [f.bob.displayHex] && ledger.orphaned.map(\.height) == [102])

        // The export carries alice's receipt and names bob's, whatever the filters.
        let orphaned = ReceiptExport.Skipped(
            txid: f.bob.displayHex, reason: .orphaned(height: 102, blockHash: block102.hash.displayHex))
        let all = try f.receipts()
        #expect(all.receipts.map(\.txid) == [f.alice] && all.skipped == [orphaned])
        #expect(try f.receipts(since: 102).receipts.isEmpty && f.receipts(since: 102).skipped == [orphaned])
        #expect(try f.receipts(since: 103).skipped.isEmpty, "below --since nothing is considered")
        #expect(try f.receipts(txids: [f.bob.displayHex]).receipts.isEmpty)
        let unknown = String(repeating: "ab", count: 32)
        let asked = try f.receipts(txids: [f.alice.displayHex, unknown])
        #expect(asked.receipts.map(\.txid) == [f.alice])
        #expect(asked.skipped == [ReceiptExport.Skipped(txid: unknown, reason: .unknown)])
        #expect(orphaned.reason.code == "orphaned" && orphaned.reason.description.contains("no longer on the watcher's best chain"))

        // The old block comes back on a heavier branch: bob's coin counts again, with nothing stored or fetched.
        let rows = try f.rows
        f.server.stop()
        let first = Self.header(on: block102.header)
        try f.session.chain.commitValidatedRun(startHeight: 102, headers: [block102.header, first, Self.header(on: first)])
        #expect(f.session.chain.hash(at: 102) == block102.hash)
        #expect(try f.balance == (30_000, 0))
        #expect(try f.ledger.history.map(\.height) == [101, 102])
        #expect(try f.ledger.orphaned.isEmpty)
        let back = try f.receipts()
        #expect(back.receipts.map(\.txid) == [f.alice, f.bob] && back.skipped.isEmpty)
        #expect(try f.rows == rows, "derived, not stored: no row changed")
    }

    @Test func anUnminedTransactionIsSkippedOnlyWhenAskedFor() async throws {
        let f = try await Fixture()
        defer { f.server.stop() }
        let alice = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 31) + [2])
        let coin = try #require(f.devnet.transaction(f.alice)?.transaction)
        let vout = try #require(coin.outputs.firstIndex { $0.satoshis == 10_000 })
        let spend = try TransactionSigner(keys: [alice]).sign(
            Transaction(
                inputs: [TransactionInput(previousOutput: OutPoint(txid: f.alice, vout: UInt32(vout)))],
                outputs: [try TransactionOutput(satoshis: 9_000, lockingScript: coin.outputs[vout].lockingScript)]),
            sourceOutputs: [coin.outputs[vout]])
        guard case .success = try f.devnet.submit(spend) else {
            Issue.record("the devnet refused the spend")
            return
        }
        #expect(try await f.sync() == 1)
        #expect(try f.balance == (20_000, 9_000))
        #expect(try f.receipts().skipped.isEmpty)
        #expect(try f.receipts(txids: [spend.txid.displayHex]).skipped == [.init(txid: spend.txid.displayHex, reason: .unconfirmed)])
    }
}
