/// One label of a wallet: BIP-329's `type`, `ref` and `label` (table `wallet_labels`, schema 7).
public struct LabelRecord: Sendable, Equatable {
    /// `addr`, `tx` or `output`.
    public let type: String
    /// The address, the txid (64 lower-case hex digits) or `txid:vout`.
    public let ref: String
    /// The text, 1 to 255 bytes of UTF-8.
    public let label: String

    /// A record from its fields (the table's checks refuse other types and lengths).
    public init(type: String, ref: String, label: String) {
        self.type = type
        self.ref = ref
        self.label = label
    }
}

/// Per wallet, its labels (table `wallet_labels`): one per type and reference. Rows go with their wallet
/// (`ON DELETE CASCADE`). Callers wrap changes in a transaction.
public struct LabelRecords {
    private let database: Database

    /// The labels of `database` (a signer store at schema 7 or later).
    public init(database: Database) { self.database = database }

    /// The labels of `walletID`, by type then reference.
    public func list(walletID: String) throws(DatabaseError) -> [LabelRecord] {
        let statement = try database.prepare(
            "SELECT type, ref, label FROM wallet_labels WHERE wallet_id = ? ORDER BY type, ref")
        try statement.bind([.text(walletID)])
        var records: [LabelRecord] = []
        while try statement.step() {
            records.append(
                LabelRecord(type: try statement.string(at: 0), ref: try statement.string(at: 1),
                            label: try statement.string(at: 2)))
        }
        return records
    }

    /// The number of labels of `walletID`.
    public func count(walletID: String) throws(DatabaseError) -> Int {
        let statement = try database.prepare("SELECT count(*) FROM wallet_labels WHERE wallet_id = ?")
        try statement.bind([.text(walletID)])
        guard try statement.step() else { return 0 }
        let count = try statement.int(at: 0)
        statement.reset()
        return count
    }

    /// Sets the label of `record.type`/`record.ref` of `walletID`, replacing the one it had.
    public func set(_ record: LabelRecord, walletID: String) throws(DatabaseError) {
        try database.execute(
            """
            INSERT INTO wallet_labels (wallet_id, type, ref, label) VALUES (?, ?, ?, ?)
            ON CONFLICT (wallet_id, type, ref) DO UPDATE SET label = excluded.label
            """,
            bindings: [.text(walletID), .text(record.type), .text(record.ref), .text(record.label)])
    }

    /// Removes the label of `type`/`ref` of `walletID`.
    /// - Returns: whether there was one.
    public func remove(type: String, ref: String, walletID: String) throws(DatabaseError) -> Bool {
        let statement = try database.prepare(
            "SELECT 1 FROM wallet_labels WHERE wallet_id = ? AND type = ? AND ref = ?")
        try statement.bind([.text(walletID), .text(type), .text(ref)])
        let existed = try statement.step()
        statement.reset()
        guard existed else { return false }
        try database.execute(
            "DELETE FROM wallet_labels WHERE wallet_id = ? AND type = ? AND ref = ?",
            bindings: [.text(walletID), .text(type), .text(ref)])
        return true
    }
}
