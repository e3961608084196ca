public import HFPrimitives

/// The wallet transactions table. Rows are never deleted (a trigger refuses it unless the wallet is being removed);
/// they change state. Callers wrap changes in a transaction.
public struct TransactionRecords {
    private let database: Database

    /// The transactions of `database` (a signer store at schema 2 or later).
    public init(database: Database) { self.database = database }

    /// Inserts `record`, or replaces the row with the same wallet and txid.
    public func save(_ record: TransactionRecord) throws(DatabaseError) {
        try database.execute(
            """
            INSERT INTO transactions
                (wallet_id, txid, raw, state, block_height, block_hash, receipt, hftx, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (wallet_id, txid) DO UPDATE SET
                state = excluded.state, block_height = excluded.block_height, block_hash = excluded.block_hash,
                receipt = coalesce(excluded.receipt, receipt), hftx = coalesce(excluded.hftx, hftx)
            """,
            bindings: [
                .text(record.walletID), .text(record.txid.displayHex), .blob(record.raw), .text(record.state.rawValue),
                record.blockHeight.map { .integer(Int64($0)) } ?? .null,
                record.blockHash.map { .text($0.displayHex) } ?? .null,
                record.receipt.map(SQLiteValue.blob) ?? .null, record.hftx.map(SQLiteValue.blob) ?? .null,
                .text(record.createdAt),
            ])
    }

    /// The row of `txid` in `walletID`.
    public func find(walletID: String, txid: Txid) throws(DatabaseError) -> TransactionRecord? {
        try query("SELECT * FROM transactions WHERE wallet_id = ? AND txid = ?", [.text(walletID), .text(txid.displayHex)])
            .first
    }

    /// Every transaction of `walletID`, oldest first.
    public func list(walletID: String) throws(DatabaseError) -> [TransactionRecord] {
        try query("SELECT * FROM transactions WHERE wallet_id = ? ORDER BY created_at, rowid", [.text(walletID)])
    }

    private func query(_ sql: String, _ bindings: [SQLiteValue]) throws(DatabaseError) -> [TransactionRecord] {
        let statement = try database.prepare(sql)
        try statement.bind(bindings)
        var records: [TransactionRecord] = []
        while try statement.step() {
            let txidText = try statement.string(at: 1)
            let stateText = try statement.string(at: 3)
            guard let state = TransactionRecord.State(rawValue: stateText) else {
                throw .unknownValue(table: "transactions", row: txidText, value: stateText)
            }
            guard let txid = try? Txid(displayHex: txidText) else {
                throw .unknownValue(table: "transactions", row: txidText, value: txidText)
            }
            let blockHashText = statement.isNull(at: 5) ? nil : try statement.string(at: 5)
            var blockHash: BlockHash?
            if let blockHashText {
                guard let hash = try? BlockHash(displayHex: blockHashText) else {
                    throw .unknownValue(table: "transactions", row: txidText, value: blockHashText)
                }
                blockHash = hash
            }
            records.append(
                TransactionRecord(
                    walletID: try statement.string(at: 0), txid: txid,
                    raw: try statement.blob(at: 2), state: state,
                    blockHeight: statement.isNull(at: 4) ? nil : try statement.int(at: 4),
                    blockHash: blockHash,
                    receipt: statement.isNull(at: 6) ? nil : try statement.blob(at: 6),
                    hftx: statement.isNull(at: 7) ? nil : try statement.blob(at: 7),
                    createdAt: try statement.string(at: 8)))
        }
        return records
    }
}
