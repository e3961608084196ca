import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// Schema 7 of the signer (`wallet_labels`): one label per wallet, type and reference, checked by the table, gone
/// with its wallet.
@Suite struct LabelSchemaTests {
    static let walletID = String(repeating: "b", count: 64)

    @Test func labelsBelongToAWalletAndGoWithIt() throws {
        let dir = try TemporaryDirectory()
        let database = try Database(path: dir.path("signer.sqlite"))
        try SignerSchema.migrator.migrate(database)
        #expect(try database.userVersion() == 9)
        let labels = LabelRecords(database: database)
        let tx = LabelRecord(type: "tx", ref: String(repeating: "ab", count: 32), label: "Salary")
        #expect(throws: DatabaseError.self, "no wallet of that ID") { try labels.set(tx, walletID: Self.walletID) }
        _ = try WalletRecords(database: database).add(WalletRecord(
            walletID: Self.walletID, network: .regtest, title: "t", derivation: .type42,
            identityKey: String(repeating: "02", count: 33), vaultID: "wallet-\(Self.walletID)", isDefault: false,
            createdAt: "2026-12-02T00:00:00Z"))
        try labels.set(tx, walletID: Self.walletID)
        let output = LabelRecord(type: "output", ref: tx.ref + ":0", label: String(repeating: "é", count: 127) + "a")
        try labels.set(output, walletID: Self.walletID)
        let renamed = LabelRecord(type: "tx", ref: tx.ref, label: "Salary, November")
        try labels.set(renamed, walletID: Self.walletID)
        #expect(try labels.list(walletID: Self.walletID) == [output, renamed], "one row per reference, by type")
        #expect(try labels.count(walletID: Self.walletID) == 2)

        // The table's checks: the type, an empty or 256-byte label (bytes, not characters), an empty reference.
        for bad in [
            LabelRecord(type: "xpub", ref: "x", label: "y"),
            LabelRecord(type: "tx", ref: tx.ref, label: ""),
            LabelRecord(type: "tx", ref: tx.ref, label: String(repeating: "é", count: 128)),
            LabelRecord(type: "addr", ref: "", label: "y"),
        ] {
            #expect(throws: DatabaseError.self, "\(bad)") { try labels.set(bad, walletID: Self.walletID) }
        }
        #expect(try labels.list(walletID: Self.walletID) == [output, renamed])

        #expect(try labels.remove(type: "tx", ref: tx.ref, walletID: Self.walletID))
        #expect(try !labels.remove(type: "tx", ref: tx.ref, walletID: Self.walletID))
        try WalletRecords(database: database).remove(Self.walletID)
        #expect(try labels.list(walletID: Self.walletID).isEmpty)
    }
}
