/// Per wallet, the gap limit `wallet rescan --gap` set (table `wallet_gap_limits`); a wallet without a row has the
/// default. Rows go with their wallet (`ON DELETE CASCADE`). Callers wrap changes in a transaction.
public struct GapLimitRecords {
    private let database: Database

    /// The gap limits of `database` (a signer store at schema 5 or later).
    public init(database: Database) { self.database = database }

    /// The gap limit set for `walletID`, or nil if none was set.
    public func gapLimit(walletID: String) throws(DatabaseError) -> Int? {
        let statement = try database.prepare("SELECT gap_limit FROM wallet_gap_limits WHERE wallet_id = ?")
        try statement.bind(walletID, at: 1)
        guard try statement.step() else { return nil }
        let value = try statement.int(at: 0)
        statement.reset()
        return value
    }

    /// Sets the gap limit of `walletID` (1 to 1000; the table's check refuses others).
    public func setGapLimit(_ gap: Int, walletID: String) throws(DatabaseError) {
        try database.execute(
            """
            INSERT INTO wallet_gap_limits (wallet_id, gap_limit) VALUES (?, ?)
            ON CONFLICT (wallet_id) DO UPDATE SET gap_limit = excluded.gap_limit
            """,
            bindings: [.text(walletID), .integer(Int64(gap))])
    }
}
