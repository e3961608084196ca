import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// The signer schema's invariants, enforced in the store: transactions are never deleted unless the wallet is being
/// removed, and rows are scoped to an existing wallet.
@Suite struct SignerSchemaTests {
    func database() throws -> (TemporaryDirectory, Database) {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("signer.sqlite"))
        try SignerSchema.migrator.migrate(database)
        return (dir, database)
    }

    func addWallet(_ database: Database, id: String = String(repeating: "a", count: 64)) throws {
        _ = try WalletRecords(database: database).add(WalletRecord(
            walletID: id, network: .regtest, title: "t", derivation: .type42,
            identityKey: String(repeating: "02", count: 33), vaultID: "wallet-\(id)", isDefault: false,
            createdAt: "2026-11-30T00:00:00Z"))
    }

    @Test func transactionsCannotBeDeleted() throws {
        let (_, database) = try database()
        try addWallet(database)
        try TransactionRecords(database: database).save(TransactionRecord(
            walletID: String(repeating: "a", count: 64), txid: try Txid(displayHex: String(repeating: "b", count: 64)), raw: [1, 2, 3],
            state: .confirmed, blockHeight: 1, createdAt: "2026-11-30T00:00:00Z"))
        #expect(throws: DatabaseError.self) { try database.execute("DELETE FROM transactions") }
        #expect(try TransactionRecords(database: database).list(walletID: String(repeating: "a", count: 64)).count == 1)
        // Removing the wallet (marked in wallet_removals) is the one way.
        try database.execute("INSERT INTO wallet_removals (wallet_id) VALUES ('\(String(repeating: "a", count: 64))')")
        try database.execute("DELETE FROM transactions")
        #expect(try TransactionRecords(database: database).list(walletID: String(repeating: "a", count: 64)).isEmpty)
    }

    /// A state no version writes is an error naming the table and row, never a row silently left out.
    @Test func anUnknownStoredStateIsAnError() throws {
        let (dir, database) = try database()
        defer { withExtendedLifetime(dir) {} }
        try addWallet(database)
        let txid = String(repeating: "c", count: 64)
        try TransactionRecords(database: database).save(TransactionRecord(
            walletID: String(repeating: "a", count: 64), txid: try Txid(displayHex: txid), raw: [1], state: .pending,
            createdAt: "2026-12-01T00:00:00Z"))
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.execute("UPDATE transactions SET state = 'limbo'")
        do {
            _ = try TransactionRecords(database: database).list(walletID: String(repeating: "a", count: 64))
            Issue.record("a row in an unknown state was read")
        } catch {
            #expect(error == .unknownValue(table: "transactions", row: txid, value: "limbo"))
            #expect(error.description.contains("restore it from a backup"))
        }
        // A txid that is not 64 hex digits is damage too (the typed column never holds a string).
        let bad = String(repeating: "z", count: 64)
        try database.execute("UPDATE transactions SET state = 'pending', txid = '\(bad)'")
        #expect(throws: DatabaseError.unknownValue(table: "transactions", row: bad, value: bad)) {
            try TransactionRecords(database: database).list(walletID: String(repeating: "a", count: 64))
        }
    }

    @Test func anUnknownStoredNetworkOrSchemeIsAnErrorNeverADefault() throws {
        let (dir, database) = try database()
        defer { withExtendedLifetime(dir) {} }
        let id = String(repeating: "a", count: 64)
        try addWallet(database, id: id)
        let records = WalletRecords(database: database)
        #expect(try records.find(id)?.network == .regtest && records.find(id)?.derivation == .type42)
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.execute("UPDATE wallets SET derivation = 'sha1'")
        #expect(throws: DatabaseError.unknownValue(table: "wallets", row: id, value: "sha1")) { try records.find(id) }
        try database.execute("UPDATE wallets SET derivation = 'bip44', network = 'testnet4'")
        #expect(throws: DatabaseError.unknownValue(table: "wallets", row: id, value: "testnet4")) { try records.all() }
        try database.execute("UPDATE wallets SET network = 'regtest'")
        #expect(try records.find(id)?.derivation == .bip44)
    }

    @Test func rowsBelongToAWallet() throws {
        let (_, database) = try database()
        #expect(throws: DatabaseError.self) {
            try TransactionRecords(database: database).save(TransactionRecord(
                walletID: String(repeating: "c", count: 64), txid: try Txid(displayHex: String(repeating: "b", count: 64)),
                raw: [1], state: .pending, createdAt: "2026-11-30T00:00:00Z"))
        }
    }

    @Test func oneDefaultWalletPerNetwork() throws {
        let (_, database) = try database()
        try addWallet(database, id: String(repeating: "a", count: 64))
        try addWallet(database, id: String(repeating: "d", count: 64))
        #expect(throws: DatabaseError.self) { try database.execute("UPDATE wallets SET is_default = 1") }
        #expect(try WalletRecords(database: database).list(network: .regtest).filter(\.isDefault).count == 1)
    }
}
