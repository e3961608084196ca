import HFStore
import HFTestSupport
import HFPrimitives
import Testing

/// Schema 3 of the signer (`sweep_keys`) and schema 2 of the watcher (scheme `sweep`).
@Suite struct SweepSchemaTests {
    static let walletID = String(repeating: "a", count: 64)

    @Test func sweepKeysBelongToAWalletAndGoWithIt() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("signer.sqlite"))
        try SignerSchema.migrator.migrate(database)
        #expect(try database.userVersion() == 9)
        let keys = SweepKeyRecords(database: database)
        let record = SweepKeyRecord(
            walletID: Self.walletID, address: "n1KSZGmQgB8iSZqv6UVhGkCGUbEdw8Lm3Q", vaultID: "sweep-d9351dcbad5b8f3b",
            compressed: true, createdAt: "2026-11-30T00:00:00Z")
        #expect(throws: DatabaseError.self) { _ = try keys.add(record) }
        _ = try WalletRecords(database: database).add(WalletRecord(
            walletID: Self.walletID, network: .regtest, title: "t", derivation: .type42,
            identityKey: String(repeating: "02", count: 33), vaultID: "wallet-\(Self.walletID)", isDefault: false,
            createdAt: "2026-11-30T00:00:00Z"))
        #expect(try keys.add(record))
        #expect(try !keys.add(record), "the same address twice is one row")
        #expect(try keys.list(walletID: Self.walletID) == [record])
        try WalletRecords(database: database).remove(Self.walletID)
        #expect(try keys.list(walletID: Self.walletID).isEmpty)
    }

    @Test func watcherSchemaTwoKeepsAddressesAndAllowsSweep() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("watcher.sqlite"))
        try Migrator(Array(WatcherSchema.migrator.migrations.prefix(1))).migrate(database)
        let wallets = WatchedWallets(database: database, network: "regtest")
        try wallets.trust(walletID: Self.walletID, identityKey: String(repeating: "02", count: 33), at: "2026-11-30T00:00:00Z")
        try wallets.add([WatchedWallets.Entry(address: "mA", walletID: Self.walletID, scheme: "type42", reference: "1-wallet-0")])
        #expect(throws: DatabaseError.self) {
            try wallets.add([WatchedWallets.Entry(address: "mB", walletID: Self.walletID, scheme: "sweep", reference: "sweep")])
        }
        try WatcherSchema.migrator.migrate(database)
        #expect(try database.userVersion() == WatcherSchema.migrator.migrations.last?.version)
        try wallets.add([WatchedWallets.Entry(address: "mB", walletID: Self.walletID, scheme: "sweep", reference: "sweep")])
        #expect(try wallets.addresses().map(\.address) == ["mA", "mB"])
        #expect(throws: DatabaseError.self) {
            try wallets.add([WatchedWallets.Entry(address: "mC", walletID: Self.walletID, scheme: "other", reference: "x")])
        }
    }
}
