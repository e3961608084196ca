/// The BRC-100 `createAction` calls a wallet answered with a payment (table `answered_calls`), so that one call
/// never pays twice. Rows go with their wallet. Callers add a row in the transaction that keeps the payment.
public struct AnsweredCallRecords {
    private let database: Database

    /// The records of `database` (a signer store at schema 8 or later).
    public init(database: Database) { self.database = database }

    /// The txid (display hex) `callID` was answered with, or nil.
    public func txid(callID: String) throws(DatabaseError) -> String? {
        let statement = try database.prepare("SELECT txid FROM answered_calls WHERE call_id = ?")
        try statement.bind(callID, at: 1)
        guard try statement.step() else { return nil }
        let txid = try statement.string(at: 0)
        statement.reset()
        return txid
    }

    /// Every call `walletID` answered, as (call ID, txid) in display hex, by call ID.
    public func list(walletID: String) throws(DatabaseError) -> [(callID: String, txid: String)] {
        let statement = try database.prepare("SELECT call_id, txid FROM answered_calls WHERE wallet_id = ? ORDER BY call_id")
        try statement.bind(walletID, at: 1)
        var calls: [(callID: String, txid: String)] = []
        while try statement.step() { calls.append((try statement.string(at: 0), try statement.string(at: 1))) }
        statement.reset()
        return calls
    }

    /// Records that `callID` of `walletID` paid `txid`; a second row for the call is refused (its primary key).
    public func add(callID: String, walletID: String, txid: String) throws(DatabaseError) {
        try database.execute(
            "INSERT INTO answered_calls (call_id, wallet_id, txid) VALUES (?, ?, ?)",
            bindings: [.text(callID), .text(walletID), .text(txid)])
    }
}
