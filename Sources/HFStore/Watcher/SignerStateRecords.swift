/// The newest signer state the watcher holds per wallet (`signer_states`, watcher schema 4).
public struct SignerStateRecords {
    /// One stored state.
    public struct Row: Sendable, Equatable {
        /// The wallet ID (64 hex).
        public let walletID: String
        /// The state's time, in seconds since 1970.
        public let createdAt: Int64
        /// The signer's counter.
        public let sequence: Int64
        /// The canonical `.hfstate` bytes.
        public let state: [UInt8]

        /// A row from its columns.
        public init(walletID: String, createdAt: Int64, sequence: Int64, state: [UInt8]) {
            self.walletID = walletID
            self.createdAt = createdAt
            self.sequence = sequence
            self.state = state
        }
    }

    private let database: Database
    private let network: String

    /// The states of `network` in `database` (a watcher store).
    public init(database: Database, network: String) {
        self.database = database
        self.network = network
    }

    /// The stored state of `walletID`, if any.
    public func find(walletID: String) throws(DatabaseError) -> Row? {
        let statement = try database.prepare(
            "SELECT wallet_id, created_at, sequence, state FROM signer_states WHERE network = ? AND wallet_id = ?")
        try statement.bind([.text(network), .text(walletID)])
        guard try statement.step() else { return nil }
        let row = Row(
            walletID: try statement.string(at: 0), createdAt: try statement.int64(at: 1),
            sequence: try statement.int64(at: 2), state: try statement.blob(at: 3))
        statement.reset()
        return row
    }

    /// Stores `row` in place of the wallet's state (the caller decides that it is newer).
    public func replace(_ row: Row) throws(DatabaseError) {
        try database.execute(
            """
            INSERT INTO signer_states (network, wallet_id, created_at, sequence, state) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (network, wallet_id) DO UPDATE SET
                created_at = excluded.created_at, sequence = excluded.sequence, state = excluded.state
            """,
            bindings: [.text(network), .text(row.walletID), .integer(row.createdAt), .integer(row.sequence), .blob(row.state)])
    }
}
