/// Transactions the watcher fetched and verified, with the proofs it exports as receipts, and which watched
/// addresses they touch.
public struct WatchedTransactions {
    /// One stored transaction.
    public struct Row: Sendable, Equatable {
        public let txid: String
        public let raw: [UInt8]
        public let blockHeight: Int?
        public let blockHash: String?
        /// The TSC proof JSON the watcher verified, or nil while unconfirmed.
        public let proof: [UInt8]?

        public init(txid: String, raw: [UInt8], blockHeight: Int?, blockHash: String?, proof: [UInt8]?) {
            self.txid = txid
            self.raw = raw
            self.blockHeight = blockHeight
            self.blockHash = blockHash
            self.proof = proof
        }
    }

    private let database: Database
    private let network: String

    /// The transactions of `network` in `database` (a watcher store).
    public init(database: Database, network: String) {
        self.database = database
        self.network = network
    }

    /// Inserts or updates `row` (a confirmation never goes back to unconfirmed here).
    public func save(_ row: Row, at time: String) throws(DatabaseError) {
        try database.execute(
            """
            INSERT INTO watched_transactions (network, txid, raw, block_height, block_hash, proof, seen_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (network, txid) DO UPDATE SET
                block_height = coalesce(excluded.block_height, block_height),
                block_hash = coalesce(excluded.block_hash, block_hash), proof = coalesce(excluded.proof, proof)
            """,
            bindings: [
                .text(network), .text(row.txid), .blob(row.raw), row.blockHeight.map { .integer(Int64($0)) } ?? .null,
                row.blockHash.map(SQLiteValue.text) ?? .null, row.proof.map(SQLiteValue.blob) ?? .null, .text(time),
            ])
    }

    /// Forgets the stored proof of `txid`, making it unmined again: for a transaction whose proof's block left the
    /// watcher's best chain and that the service now reports unmined (back in the mempool, in flight). A sync
    /// proves it again once the service reports it mined. Nothing happens to a row without a proof.
    public func forgetProof(_ txid: String) throws(DatabaseError) {
        try database.execute(
            """
            UPDATE watched_transactions SET block_height = NULL, block_hash = NULL, proof = NULL
            WHERE network = ? AND txid = ? AND proof IS NOT NULL
            """,
            bindings: [.text(network), .text(txid)])
    }

    /// Records that `txid` touches the watched `address`.
    public func link(address: String, txid: String) throws(DatabaseError) {
        try database.execute(
            "INSERT INTO address_transactions (network, address, txid) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            bindings: [.text(network), .text(address), .text(txid)])
    }

    /// The txids linked to any address of `walletID` (its payments and spends).
    public func txids(walletID: String) throws(DatabaseError) -> Set<String> {
        let statement = try database.prepare(
            """
            SELECT DISTINCT t.txid FROM address_transactions t
            JOIN watched_addresses a ON a.network = t.network AND a.address = t.address
            WHERE t.network = ? AND a.wallet_id = ?
            """)
        try statement.bind([.text(network), .text(walletID)])
        var txids: Set<String> = []
        while try statement.step() { txids.insert(try statement.string(at: 0)) }
        return txids
    }

    /// The row of `txid`.
    public func find(_ txid: String) throws(DatabaseError) -> Row? {
        try query("SELECT txid, raw, block_height, block_hash, proof FROM watched_transactions WHERE network = ? AND txid = ?",
                  [.text(network), .text(txid)]).first
    }

    /// Every stored transaction, oldest block first (unconfirmed last).
    public func all() throws(DatabaseError) -> [Row] {
        try query(
            """
            SELECT txid, raw, block_height, block_hash, proof FROM watched_transactions WHERE network = ?
            ORDER BY block_height IS NULL, block_height, rowid
            """, [.text(network)])
    }

    /// Every outpoint seen before (deposit detection), as `txid:vout`.
    public func knownOutpoints() throws(DatabaseError) -> Set<String> {
        let statement = try database.prepare("SELECT outpoint FROM known_outpoints WHERE network = ?")
        try statement.bind([.text(network)])
        var outpoints: Set<String> = []
        while try statement.step() { outpoints.insert(try statement.string(at: 0)) }
        return outpoints
    }

    /// Remembers an outpoint as seen.
    public func rememberOutpoint(_ outpoint: String, satoshis: UInt64) throws(DatabaseError) {
        try database.execute(
            "INSERT INTO known_outpoints (network, outpoint, satoshis) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            bindings: [.text(network), .text(outpoint), .integer(Int64(satoshis))])
    }

    private func query(_ sql: String, _ bindings: [SQLiteValue]) throws(DatabaseError) -> [Row] {
        let statement = try database.prepare(sql)
        try statement.bind(bindings)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(Row(
                txid: try statement.string(at: 0), raw: try statement.blob(at: 1),
                blockHeight: statement.isNull(at: 2) ? nil : try statement.int(at: 2),
                blockHash: statement.isNull(at: 3) ? nil : try statement.string(at: 3),
                proof: statement.isNull(at: 4) ? nil : try statement.blob(at: 4)))
        }
        return rows
    }
}
