/// Per wallet, scheme and chain: `next_index` (one past the highest index known used or handed out) and
/// `exported_index` (how far address packs reach). Callers wrap changes in a transaction.
public struct AddressIndexRecords {
    /// One row.
    public struct Row: Sendable, Equatable {
        public let scheme: String
        public let chain: String
        public var nextIndex: Int
        public var exportedIndex: Int
    }

    private let database: Database

    /// The address indexes of `database` (a signer store at schema 2 or later).
    public init(database: Database) { self.database = database }

    /// The four rows of `walletID` (type42/bip44 × receive/change), in that order.
    public func rows(walletID: String) throws(DatabaseError) -> [Row] {
        let statement = try database.prepare(
            """
            SELECT scheme, chain, next_index, exported_index FROM address_indexes WHERE wallet_id = ?
            ORDER BY scheme DESC, chain DESC
            """)
        try statement.bind(walletID, at: 1)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(
                Row(
                    scheme: try statement.string(at: 0), chain: try statement.string(at: 1),
                    nextIndex: try statement.int(at: 2), exportedIndex: try statement.int(at: 3)))
        }
        return rows
    }

    /// Raises `next_index` of one chain to at least `index` (never lowers it).
    public func raiseNext(walletID: String, scheme: String, chain: String, to index: Int) throws(DatabaseError) {
        try database.execute(
            """
            UPDATE address_indexes SET next_index = max(next_index, ?)
            WHERE wallet_id = ? AND scheme = ? AND chain = ?
            """,
            bindings: [.integer(Int64(index)), .text(walletID), .text(scheme), .text(chain)])
    }

    /// Raises `exported_index` of one chain to at least `index`.
    public func raiseExported(walletID: String, scheme: String, chain: String, to index: Int) throws(DatabaseError) {
        try database.execute(
            """
            UPDATE address_indexes SET exported_index = max(exported_index, ?)
            WHERE wallet_id = ? AND scheme = ? AND chain = ?
            """,
            bindings: [.integer(Int64(index)), .text(walletID), .text(scheme), .text(chain)])
    }
}
