import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// Schema 9 of the signer (issue 32): a wallet row keeps another application's BIP32 chains, NULL for ours; a row of
/// schema 8 reads as ours after the migration.
@Suite struct WalletChainsSchemaTests {
    static func record(_ id: Character, chains: String?) -> WalletRecord {
        let walletID = String(repeating: id, count: 64)
        return WalletRecord(
            walletID: walletID, network: .regtest, title: "t", derivation: .bip44,
            identityKey: String(repeating: "02", count: 33), vaultID: "wallet-\(walletID)", isDefault: false,
            createdAt: "2026-12-03T00:00:00Z", bip32Chains: chains)
    }

    @Test func chainsAreStoredAndReadBack() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("signer.sqlite"))
        try SignerSchema.migrator.migrate(database)
        let records = WalletRecords(database: database)
        _ = try records.add(Self.record("a", chains: "m/44'/0/0 m/44'/0/1"))
        _ = try records.add(Self.record("b", chains: nil))
        #expect(try records.find(String(repeating: "a", count: 64))?.bip32Chains == "m/44'/0/0 m/44'/0/1")
        #expect(try records.find(String(repeating: "b", count: 64))?.bip32Chains == nil)
        #expect(throws: DatabaseError.self, "too short for two paths") { _ = try records.add(Self.record("c", chains: "m")) }
        #expect(try records.find(String(repeating: "c", count: 64)) == nil)
    }

    @Test func aSchemaEightWalletReadsAsOurs() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("signer.sqlite"))
        try Migrator(Array(SignerSchema.migrator.migrations.prefix(8))).migrate(database)
        try database.execute(
            """
            INSERT INTO wallets (wallet_id, network, title, derivation, identity_key, vault_id, is_default, created_at)
            VALUES (?, 'regtest', 't', 'bip44', ?, 'v', 1, '2026-12-03T00:00:00Z')
            """,
            bindings: [.text(String(repeating: "d", count: 64)), .text(String(repeating: "02", count: 33))])
        try SignerSchema.migrator.migrate(database)
        #expect(try database.userVersion() == 9)
        let found = try WalletRecords(database: database).find(String(repeating: "d", count: 64))
        #expect(found?.bip32Chains == nil)
        #expect(found?.derivation == .bip44)
    }
}
