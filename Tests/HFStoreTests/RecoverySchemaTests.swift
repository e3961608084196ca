import HFStore
import HFPrimitives
import HFTestSupport
import Testing

/// Schema 5 of the signer (`wallet_gap_limits`) and schema 3 of the watcher (`deposit_seeded_addresses`), issue 17.
@Suite struct RecoverySchemaTests {
    static let walletID = String(repeating: "b", count: 64)

    @Test func aGapLimitBelongsToAWalletIsBoundedAndGoesWithIt() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("signer.sqlite"))
        try SignerSchema.migrator.migrate(database)
        let gaps = GapLimitRecords(database: database)
        #expect(throws: DatabaseError.self, "no such wallet") { try gaps.setGapLimit(300, walletID: Self.walletID) }
        _ = try WalletRecords(database: database).add(WalletRecord(
            walletID: Self.walletID, network: .regtest, title: "t", derivation: .type42,
            identityKey: String(repeating: "02", count: 33), vaultID: "wallet-\(Self.walletID)", isDefault: false,
            createdAt: "2026-12-02T00:00:00Z"))
        #expect(try gaps.gapLimit(walletID: Self.walletID) == nil)
        try gaps.setGapLimit(300, walletID: Self.walletID)
        try gaps.setGapLimit(1000, walletID: Self.walletID)
        #expect(try gaps.gapLimit(walletID: Self.walletID) == 1000)
        #expect(throws: DatabaseError.self) { try gaps.setGapLimit(1001, walletID: Self.walletID) }
        #expect(throws: DatabaseError.self) { try gaps.setGapLimit(0, walletID: Self.walletID) }
        #expect(try gaps.gapLimit(walletID: Self.walletID) == 1000)
        try WalletRecords(database: database).remove(Self.walletID)
        #expect(try gaps.gapLimit(walletID: Self.walletID) == nil)
    }

    /// Adds a trusted wallet with `addresses` to a watcher store.
    func watched(_ database: Database, _ network: String, _ addresses: [String], wallet: String) throws {
        let wallets = WatchedWallets(database: database, network: network)
        try wallets.trust(walletID: wallet, identityKey: String(repeating: "02", count: 33), at: "2026-12-02T00:00:00Z")
        try wallets.add(addresses.enumerated().map {
            WatchedWallets.Entry(address: $1, walletID: wallet, scheme: "type42", reference: "1-wallet-\($0)")
        })
    }

    @Test func anUpgradedHomeKeepsPolledNetworksSeededAndSeedsTheOthersOnTheirNextPoll() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("watcher.sqlite"))
        try Migrator(Array(WatcherSchema.migrator.migrations.prefix(2))).migrate(database)
        try watched(database, "regtest", ["mA", "mB"], wallet: Self.walletID)
        try watched(database, "test", ["mT"], wallet: String(repeating: "c", count: 64))
        try WatchedTransactions(database: database, network: "regtest").rememberOutpoint("\(Self.walletID):0", satoshis: 5)
        try WatcherSchema.migrator.migrate(database)
        #expect(try database.userVersion() == WatcherSchema.migrator.migrations.last?.version)
        let regtest = DepositSeeding(database: database, network: "regtest")
        let test = DepositSeeding(database: database, network: "test")
        #expect(try regtest.seededAddresses() == ["mA", "mB"], "a network already polled stays seeded")
        #expect(try test.seededAddresses().isEmpty, "a network never polled seeds on its next poll")

        // A pack imported later: its addresses are new to the poll until it has seen them.
        try watched(database, "regtest", ["mC"], wallet: String(repeating: "d", count: 64))
        #expect(try regtest.seededAddresses() == ["mA", "mB"])
        #expect(try regtest.seedWatchedAddresses() == 1)
        #expect(try regtest.seededAddresses() == ["mA", "mB", "mC"])
        #expect(try regtest.seedWatchedAddresses() == 0)
        #expect(try test.seededAddresses().isEmpty, "networks are apart")
    }
}
