public import HFPrimitives

/// One external output of a transaction signed here, as the spending policy's window counts it.
public struct OutflowRecord: Sendable, Equatable {
    /// The network whose validated tip the lock time is compared with.
    public let network: Network
    /// The transaction.
    public let txid: Txid
    /// The output's index.
    public let vout: Int
    /// The wallet that signed it (kept after the wallet is removed: the window still counts it).
    public let walletID: String
    /// The transaction's nLockTime (the validated tip when it was signed).
    public let lockTime: UInt32
    /// The output's P2PKH address, nil for any other script.
    public let address: String?
    /// The output's satoshis.
    public let satoshis: UInt64

    /// A record from its fields.
    public init(
        network: Network, txid: Txid, vout: Int, walletID: String, lockTime: UInt32, address: String?, satoshis: UInt64
    ) {
        self.network = network
        self.txid = txid
        self.vout = vout
        self.walletID = walletID
        self.lockTime = lockTime
        self.address = address
        self.satoshis = satoshis
    }
}

/// The `spending_outflows` table (schema 5): every external output of every transaction signed here, written in the
/// same store transaction that keeps the transaction, whether or not a policy is set. Rows have no foreign key and
/// survive the removal of their wallet (a trigger refuses deleting them while any wallet is left); they go only with
/// a wipe. Callers wrap changes in a transaction.
public struct OutflowRecords {
    private let database: Database

    /// The outflow ledger of `database` (a signer store at schema 5 or later).
    public init(database: Database) { self.database = database }

    /// Adds `records` (a row already there is left as it is).
    public func add(_ records: [OutflowRecord]) throws(DatabaseError) {
        for record in records {
            try database.execute(
                """
                INSERT OR IGNORE INTO spending_outflows (network, txid, vout, wallet_id, lock_time, address, satoshis)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                bindings: [
                    .text(record.network.rawValue), .text(record.txid.displayHex), .integer(Int64(record.vout)),
                    .text(record.walletID), .integer(Int64(record.lockTime)), record.address.map(SQLiteValue.text) ?? .null,
                    .integer(Int64(clamping: record.satoshis)),
                ])
        }
    }

    /// The outflows of `network` whose lock time is above `lockTime`.
    public func list(network: Network, lockTimeAbove lockTime: Int64) throws(DatabaseError) -> [OutflowRecord] {
        let statement = try database.prepare(
            """
            SELECT txid, vout, wallet_id, lock_time, address, satoshis FROM spending_outflows
            WHERE network = ? AND lock_time > ? ORDER BY rowid
            """)
        try statement.bind([.text(network.rawValue), .integer(lockTime)])
        var records: [OutflowRecord] = []
        while try statement.step() {
            let txidText = try statement.string(at: 0)
            guard let txid = try? Txid(displayHex: txidText) else {
                throw .unknownValue(table: "spending_outflows", row: txidText, value: txidText)
            }
            records.append(
                OutflowRecord(
                    network: network, txid: txid, vout: try statement.int(at: 1), walletID: try statement.string(at: 2),
                    lockTime: UInt32(clamping: try statement.int64(at: 3)),
                    address: statement.isNull(at: 4) ? nil : try statement.string(at: 4),
                    satoshis: UInt64(clamping: try statement.int64(at: 5))))
        }
        return records
    }

    /// The raw transactions signed in this home before the ledger existed (schema 5 noted them when it was
    /// applied) for the wallets of `network`: the window counts every output of them, since which one was change is
    /// not recorded (stricter, never looser).
    public func signedBeforeLedger(network: Network) throws(DatabaseError) -> [[UInt8]] {
        let statement = try database.prepare(
            """
            SELECT t.raw FROM transactions t JOIN spending_outflows_before b ON b.wallet_id = t.wallet_id
                AND b.txid = t.txid JOIN wallets w ON w.wallet_id = t.wallet_id WHERE w.network = ? ORDER BY t.rowid
            """)
        try statement.bind([.text(network.rawValue)])
        var raws: [[UInt8]] = []
        while try statement.step() { raws.append(try statement.blob(at: 0)) }
        return raws
    }

    /// Removes every row once no wallet is left (a wipe); while a wallet exists it removes nothing.
    public func removeAll() throws(DatabaseError) {
        try database.execute("DELETE FROM spending_outflows WHERE NOT EXISTS (SELECT 1 FROM wallets)")
        try database.execute("DELETE FROM spending_outflows_before WHERE NOT EXISTS (SELECT 1 FROM wallets)")
    }
}
