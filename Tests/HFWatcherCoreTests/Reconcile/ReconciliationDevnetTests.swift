import Foundation
import HFBundles
import HFCrypto
import HFDevnet
import HFPrimitives
import HFStore
import HFTestSupport
import HFWatcherCore
import Testing

/// The reconciliation of docs/requirements/wallet.md against an in-memory `DevnetChain` on loopback (its real routes, including the bulk
/// `POST /addresses/{confirmed,unconfirmed}/unspent`), and against stub services made by rewriting the devnet's
/// answers in the server's handler: one that leaves a paid address out of both history sources (WhatsOnChain and
/// JungleBus answer 404) while its outpoint stays listed unspent, one that drops a held outpoint from the listing,
/// and one that lists a fake outpoint.
@Suite struct ReconciliationDevnetTests {
    /// The requests a server saw (`METHOD path`).
    final class RequestLog: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
        func clear() { lock.withLock { lines = [] } }
    }

    /// How the stub changes the devnet's answers.
    struct Stub: Sendable {
        /// Addresses both history sources answer 404 for.
        var hiddenHistory: Set<String> = []
        /// Txids dropped from the bulk unspent listings.
        var droppedUnspent: Set<String> = []
        /// Items added to the confirmed bulk listing, by address.
        var extraUnspent: [String: [String: any Sendable]] = [:]
        /// Whether the bulk unspent listings answer 500 (a service failing).
        var failUnspent = false
    }

    static let walletID = String(repeating: "ab", count: 32)
    static let fake = String(repeating: "5e", count: 32)

    static func address(_ seed: Int) throws -> Address {
        let key = try PrivateKey(rawRepresentation: [UInt8](repeating: 0, count: 30) + [UInt8(seed >> 8), UInt8(seed & 255)])
        return Address(publicKey: key.publicKey, network: .regtest)
    }

    /// A watcher home watching addresses of seeds 2…(1 + count), served by `devnet` through `stub`.
    struct Setup {
        let dir: TemporaryDirectory
        let server: HTTPServer
        let session: WatcherSession
        let log: RequestLog
        let addresses: [Address]

        init(devnet: DevnetChain, watching count: Int = 3, stub: Stub = Stub()) throws {
            dir = try TemporaryDirectory()
            let home = try WatcherHome.create(explicit: dir.path("home"))
            let router = DevnetAPI.router(for: devnet)
            let log = RequestLog()
            self.log = log
            server = HTTPServer { request in
                log.add("\(request.method) \(request.path)")
                return ReconciliationDevnetTests.answer(request, router.respond(to: request), stub)
            }
            let port = try server.start()
            try home.setConfig("devnet", "http://127.0.0.1:\(port)")
            try home.setConfig("net.attempts", "1")
            addresses = try (2..<(2 + count)).map(ReconciliationDevnetTests.address)
            let wallets = WatchedWallets(database: home.database, network: "regtest")
            try wallets.trust(walletID: ReconciliationDevnetTests.walletID, identityKey: String(repeating: "02", count: 33), at: "2026-12-02T00:00:00Z")
            try wallets.add(
                addresses.enumerated().map { index, address in
                    WatchedWallets.Entry(
                        address: address.string, walletID: ReconciliationDevnetTests.walletID, scheme: "type42",
                        reference: "1-wallet-\(index)")
                })
            session = try WatcherSession.open(home: home, network: .regtest)
        }

        var ledger: WatchOnlyLedger { get throws { try WatchOnlyLedger(home: session.home, chain: session.chain) } }

        var exported: [String] {
            get throws {
                try WatcherExport.receipts(home: session.home, chain: session.chain, since: nil, txids: [])
                    .receipts.map(\.txid.displayHex)
            }
        }

        var rows: [WatchedTransactions.Row] {
            get throws { try WatchedTransactions(database: session.home.database, network: "regtest").all() }
        }
    }

    /// The devnet's answer, changed as `stub` says.
    static func answer(_ request: HTTPRequest, _ response: HTTPResponse, _ stub: Stub) -> HTTPResponse {
        if !request.path.contains("unspent"), stub.hiddenHistory.contains(where: { request.path.contains($0) }) {
            return .status(404)
        }
        if stub.failUnspent, request.method == "POST", request.path.hasSuffix("/unspent") { return .status(500) }
        if request.method == "POST", request.path.hasSuffix("/history"), response.status == 200,
            var entries = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]]
        {
            for index in entries.indices where stub.hiddenHistory.contains(entries[index]["address"] as? String ?? "") {
                entries[index]["result"] = [Any]()
            }
            guard let body = try? JSONSerialization.data(withJSONObject: entries) else { return response }
            return .json(bytes: [UInt8](body))
        }
        guard request.method == "POST", request.path.hasSuffix("/unspent"), response.status == 200,
            var entries = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [[String: Any]]
        else { return response }
        for index in entries.indices {
            var items = entries[index]["result"] as? [[String: Any]] ?? []
            items.removeAll { stub.droppedUnspent.contains($0["tx_hash"] as? String ?? "") }
            if request.path.contains("/confirmed/"), let address = entries[index]["address"] as? String,
                let extra = stub.extraUnspent[address]
            {
                items.append(extra.mapValues { $0 as Any })
            }
            entries[index]["result"] = items
        }
        guard let body = try? JSONSerialization.data(withJSONObject: entries) else { return response }
        return .json(bytes: [UInt8](body))
    }

    @Test func theDevnetCorroboratesEveryWatchedCoinAndSyncCountsThem() async throws {
        let devnet = DevnetChain()
        let setup = try Setup(devnet: devnet)
        let alice = try devnet.fund(address: setup.addresses[0], satoshis: 10_000)
        let bob = try devnet.fund(address: setup.addresses[1], satoshis: 20_000)
        let outcome = try await setup.session.sync()
        let reconciliation = try #require(outcome.reconciliation)
        #expect(reconciliation.counts == .init(corroborated: 2, provisional: 0, walletUnknown: 0))
        #expect(Set(reconciliation.corroborated.map(\.outpoint.txid)) == [alice.displayHex, bob.displayHex])
        #expect(reconciliation.corroborated.map(\.outpoint.satoshis).sorted() == [10_000, 20_000])
        let again = try await UnspentReconciler(setup.session).run()
        #expect(again == reconciliation, "reconcile alone gives the same partition")
        let perAddress = setup.log.all.filter { $0.hasPrefix("GET") && $0.contains("unspent") }
        #expect(perAddress.isEmpty, "no address is listed one by one")
        #expect(
            setup.log.all.filter { $0.hasPrefix("POST") && $0.contains("/addresses/") && $0.hasSuffix("/unspent") }.count == 4,
            "confirmed + unconfirmed, for the sync and for the reconcile")
    }

    @Test func aDepositBothHistoriesOmitIsWalletUnknownThenFoundVerifiedAndExported() async throws {
        let devnet = DevnetChain()
        let carol = try Self.address(4)
        let setup = try Setup(devnet: devnet, stub: Stub(hiddenHistory: [carol.string]))
        let alice = try devnet.fund(address: setup.addresses[0], satoshis: 10_000)
        let deposit = try devnet.fund(address: carol, satoshis: 7_000)
        let depositOutput = try #require(
            devnet.unspentOutputs(of: carol).first { $0.outpoint.txid == deposit }?.outpoint.vout)

        // `reconcile` alone (no sync yet, nothing held): both are wallet-unknown and nothing is stored.
        let before = try await UnspentReconciler(setup.session).run()
        #expect(Set(before.walletUnknown.map(\.outpoint.txid)) == [alice.displayHex, deposit.displayHex])
        #expect(before.walletUnknown.allSatisfy { $0.reason == OutpointReconciliation.notInHistory })
        let carolEntry = try #require(before.walletUnknown.first { $0.outpoint.txid == deposit.displayHex })
        #expect(carolEntry.outpoint == .init(txid: deposit.displayHex, vout: depositOutput, satoshis: 7_000, address: carol.string))
        #expect(try setup.rows.isEmpty, "reconcile stores nothing")

        // `sync`: alice comes from history; carol's deposit only from the listing, fetched and verified.
        let outcome = try await setup.session.sync()
        let reconciliation = try #require(outcome.reconciliation)
        #expect(outcome.transactions == 2, "alice's payment and the adopted deposit")
        #expect(outcome.refused.isEmpty)
        #expect(reconciliation.counts == .init(corroborated: 2, provisional: 0, walletUnknown: 0))
        #expect(Set(reconciliation.corroborated.map(\.outpoint.txid)) == [alice.displayHex, deposit.displayHex])
        let row = try #require(try setup.rows.first { $0.txid == deposit.displayHex })
        #expect(row.proof != nil && row.blockHeight != nil, "stored with its verified proof")
        #expect(Set(try setup.exported) == [alice.displayHex, deposit.displayHex], "its receipt is exported like any other")
        #expect(try setup.ledger.balance.confirmed == 17_000)
        let history = setup.log.all.filter { $0.contains(carol.string) && !$0.contains("unspent") }
        #expect(!history.isEmpty, "the history sources were asked for carol (and answered 404)")
    }

    @Test func aListedOutpointItsTransactionDoesNotPayIsRefusedWithTheReason() async throws {
        let devnet = DevnetChain()
        let aliceAddress = try Self.address(2)
        let dave = try Self.address(99)
        let daveCoin = try devnet.fund(address: dave, satoshis: 3_000)
        let vout = try #require(devnet.unspentOutputs(of: dave).first?.outpoint.vout)
        let lie: [String: any Sendable] = [
            "height": 101, "tx_pos": Int(vout), "tx_hash": daveCoin.displayHex, "value": 3_000,
            "isSpentInMempoolTx": false, "status": "confirmed",
        ]
        let setup = try Setup(devnet: devnet, stub: Stub(extraUnspent: [aliceAddress.string: lie]))
        let outcome = try await setup.session.sync()
        let reconciliation = try #require(outcome.reconciliation)
        #expect(reconciliation.walletUnknown.map(\.outpoint.txid) == [daveCoin.displayHex])
        #expect(reconciliation.walletUnknown.first?.reason == UnspentReconciler.notAsListed)
        #expect(try setup.rows.isEmpty, "a real transaction that does not pay the watched address is not stored")
        #expect(try setup.exported.isEmpty)
    }

    @Test func aHeldCoinMissingFromTheListingIsProvisionalAndStillCounts() async throws {
        let devnet = DevnetChain()
        let bobAddress = try Self.address(3)
        let bob0 = try devnet.fund(address: bobAddress, satoshis: 20_000)
        let setup = try Setup(devnet: devnet, stub: Stub(droppedUnspent: [bob0.displayHex]))
        let alice = try devnet.fund(address: setup.addresses[0], satoshis: 10_000)
        let outcome = try await setup.session.sync()
        let reconciliation = try #require(outcome.reconciliation)
        #expect(reconciliation.corroborated.map(\.outpoint.txid) == [alice.displayHex])
        #expect(reconciliation.provisional.map(\.outpoint.txid) == [bob0.displayHex])
        #expect(reconciliation.provisional.first?.reason == "the service does not list it unspent")
        #expect(reconciliation.walletUnknown.isEmpty)
        let ledger = try setup.ledger
        #expect(Set(ledger.unspent.map(\.txid)) == [alice.displayHex, bob0.displayHex], "absence removes nothing")
        #expect(ledger.balance.confirmed == 30_000)
        #expect(Set(try setup.exported) == [alice.displayHex, bob0.displayHex])
    }

    @Test func aFakeListedOutpointStaysWalletUnknownAndNothingIsExported() async throws {
        let devnet = DevnetChain()
        let aliceAddress = try Self.address(2)
        let fakeItem: [String: any Sendable] = [
            "height": 101, "tx_pos": 1, "tx_hash": Self.fake, "value": 5_000, "isSpentInMempoolTx": false,
            "status": "confirmed",
        ]
        let setup = try Setup(devnet: devnet, stub: Stub(extraUnspent: [aliceAddress.string: fakeItem]))
        let alice = try devnet.fund(address: aliceAddress, satoshis: 10_000)
        let outcome = try await setup.session.sync()
        let reconciliation = try #require(outcome.reconciliation)
        #expect(reconciliation.corroborated.map(\.outpoint.txid) == [alice.displayHex])
        #expect(
            reconciliation.walletUnknown == [
                .init(
                    .init(txid: Self.fake, vout: 1, satoshis: 5_000, address: aliceAddress.string),
                    reason: UnspentReconciler.unknownTransaction)
            ])
        #expect(try setup.exported == [alice.displayHex], "nothing exported for the fake outpoint")
        #expect(try setup.rows.map(\.txid) == [alice.displayHex])
        #expect(try setup.ledger.balance.confirmed == 10_000)
    }

    /// Issue 17's Done-when: the requests of one `sync` for 200 and 2,000 watched addresses, by service. WhatsOnChain
    /// is asked in bulk only (history and unspent, 20 addresses a request); JungleBus, which has no bulk listing, once
    /// an address; then the one funded coin's transaction and proof.
    @Test(arguments: [200, 2_000])
    func oneSyncAsksWhatsOnChainInBulkOnly(watching count: Int) async throws {
        let devnet = DevnetChain()
        let setup = try Setup(devnet: devnet, watching: count)
        _ = try devnet.fund(address: setup.addresses[150], satoshis: 1_234)
        setup.log.clear()
        let outcome = try await setup.session.sync()
        let reconciliation = try #require(outcome.reconciliation)
        #expect(reconciliation.counts == .init(corroborated: 1, provisional: 0, walletUnknown: 0))
        let requests = setup.log.all
        let batches = (count + 19) / 20
        let bulkUnspent = requests.filter { $0.hasPrefix("POST") && $0.contains("/addresses/") && $0.hasSuffix("/unspent") }
        let bulkHistory = requests.filter { $0.hasPrefix("POST") && $0.contains("/addresses/") && $0.hasSuffix("/history") }
        let perAddressWoC = requests.filter { $0.contains("/woc/") && $0.contains("/address/") }
        let jungleBus = requests.filter { $0.contains("/junglebus/") && $0.contains("/address/get/") }
        #expect(bulkUnspent.count == 2 * batches, "2 × ⌈n / 20⌉")
        #expect(bulkHistory.count == 2 * batches, "confirmed and mempool, 2 × ⌈n / 20⌉")
        #expect(perAddressWoC.count == 0, "no address is asked of WhatsOnChain one by one: \(perAddressWoC.prefix(3))")
        #expect(jungleBus.count == count, "JungleBus has no bulk listing: one request an address")
        let other = requests.count - bulkUnspent.count - bulkHistory.count - jungleBus.count
        print(
            "sync of \(count) watched addresses: \(requests.count) requests — WhatsOnChain bulk history "
                + "\(bulkHistory.count), bulk unspent \(bulkUnspent.count), JungleBus history \(jungleBus.count), "
                + "other \(other) (headers, the funded transaction and its proof)")
    }

    @Test func aFailingUnspentListingSkipsTheReconciliationAndTheSyncStands() async throws {
        let devnet = DevnetChain()
        let setup = try Setup(devnet: devnet, stub: Stub(failUnspent: true))
        let alice = try devnet.fund(address: setup.addresses[0], satoshis: 10_000)
        let outcome = try await setup.session.sync()
        #expect(outcome.reconciliation == nil)
        let reason = try #require(outcome.reconciliationSkipped)
        #expect(reason.contains("500"), "the reason names the failure: \(reason)")
        #expect(try setup.rows.map(\.txid) == [alice.displayHex], "the history sync stored the coin")
        #expect(try setup.ledger.balance.confirmed == 10_000)
        #expect(try setup.exported == [alice.displayHex])
    }
}
