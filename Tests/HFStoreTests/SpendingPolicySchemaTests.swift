import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// Schema 5 of the signer (issue 16): one spending policy per home, and the outflow ledger that outlives a removed
/// wallet and goes only when no wallet is left (a wipe).
@Suite struct SpendingPolicySchemaTests {
    static let walletID = String(repeating: "a", count: 64)

    func database() throws -> (TemporaryDirectory, Database) {
        let (dir, database) = try SignerSchemaTests().database()
        try SignerSchemaTests().addWallet(database)
        return (dir, database)
    }

    func outflow(_ vout: Int, lockTime: UInt32, satoshis: UInt64) throws -> OutflowRecord {
        OutflowRecord(
            network: .regtest, txid: try Txid(displayHex: String(repeating: "c", count: 64)), vout: vout,
            walletID: Self.walletID, lockTime: lockTime, address: vout == 0 ? "mtaQEGvDaKrXwqcRnjWhsE7KTU3U4DS1Ww" : nil,
            satoshis: satoshis)
    }

    @Test func thePolicyRoundTripsAndIsReplacedWhole() throws {
        let (_, database) = try database()
        let records = SpendingPolicyRecords(database: database)
        #expect(try records.load() == nil)
        let policy = SpendingPolicyRecord(
            maxPerTransaction: 5_000, maxPerWindow: 8_000, windowBlocks: 144,
            allow: ["mtaQEGvDaKrXwqcRnjWhsE7KTU3U4DS1Ww", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"], allowlistOnly: true,
            maxFee: nil, salt: [UInt8](repeating: 1, count: 16), iterations: 600_000,
            verifier: [UInt8](repeating: 2, count: 32), updatedAt: "2026-12-02T00:00:00Z")
        try records.save(policy)
        var expected = policy
        expected.allow.sort()
        #expect(try records.load() == expected)
        var lighter = policy
        lighter.maxPerWindow = nil
        lighter.windowBlocks = nil
        lighter.allow = []
        try records.save(lighter)
        #expect(try records.load() == lighter)
        var broken = policy
        broken.windowBlocks = nil
        #expect(throws: DatabaseError.self, "a window cap without its length") { try records.save(broken) }
        try records.remove()
        #expect(try records.load() == nil)
    }

    @Test func outflowsOutliveTheirWalletAndGoOnlyWhenNoWalletIsLeft() throws {
        let (_, database) = try database()
        let ledger = OutflowRecords(database: database)
        try ledger.add([try outflow(0, lockTime: 10, satoshis: 700), try outflow(1, lockTime: 10, satoshis: 0)])
        try ledger.add([try outflow(0, lockTime: 10, satoshis: 700)])
        #expect(try ledger.list(network: .regtest, lockTimeAbove: 9).map(\.satoshis) == [700, 0])
        #expect(try ledger.list(network: .regtest, lockTimeAbove: 10).isEmpty, "nLockTime 10 is not above 10")
        #expect(try ledger.list(network: .main, lockTimeAbove: 0).isEmpty)
        #expect(throws: DatabaseError.self) { try database.execute("DELETE FROM spending_outflows") }
        try ledger.removeAll()
        #expect(try ledger.list(network: .regtest, lockTimeAbove: 0).count == 2, "kept while a wallet exists")
        try WalletRecords(database: database).remove(Self.walletID)
        #expect(try ledger.list(network: .regtest, lockTimeAbove: 0).count == 2, "kept after the wallet is removed")
        try ledger.removeAll()
        #expect(try ledger.list(network: .regtest, lockTimeAbove: 0).isEmpty)
    }
}
