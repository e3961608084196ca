/// One imported private key to sweep (the key itself is in the vault under `vaultID`).
public struct SweepKeyRecord: Sendable, Equatable {
    /// The wallet the swept coins go to.
    public let walletID: String
    /// The key's P2PKH address (of the compressed or uncompressed public key, as the WIF said).
    public let address: String
    /// The vault id of the 32 key bytes: `sweep-<first 16 hex digits of the address's hash160>`.
    public let vaultID: String
    /// Whether the address is of the compressed public key.
    public let compressed: Bool
    /// When the key was imported (RFC 3339).
    public let createdAt: String

    public init(walletID: String, address: String, vaultID: String, compressed: Bool, createdAt: String) {
        self.walletID = walletID
        self.address = address
        self.vaultID = vaultID
        self.compressed = compressed
        self.createdAt = createdAt
    }
}

/// The `sweep_keys` table (schema 3): the sweep addresses of each wallet. Callers wrap changes in a transaction.
public struct SweepKeyRecords {
    private let database: Database

    /// The sweep keys of `database` (a signer store at schema 3 or later).
    public init(database: Database) { self.database = database }

    /// Adds `record` unless the wallet already has that address.
    /// - Returns: whether a row was added.
    public func add(_ record: SweepKeyRecord) throws(DatabaseError) -> Bool {
        guard try list(walletID: record.walletID).allSatisfy({ $0.address != record.address }) else { return false }
        try database.execute(
            "INSERT INTO sweep_keys (wallet_id, address, vault_id, compressed, created_at) VALUES (?, ?, ?, ?, ?)",
            bindings: [
                .text(record.walletID), .text(record.address), .text(record.vaultID),
                .integer(record.compressed ? 1 : 0), .text(record.createdAt),
            ])
        return true
    }

    /// The sweep keys of `walletID`, in the order they were added.
    public func list(walletID: String) throws(DatabaseError) -> [SweepKeyRecord] {
        let statement = try database.prepare(
            "SELECT wallet_id, address, vault_id, compressed, created_at FROM sweep_keys WHERE wallet_id = ? "
                + "ORDER BY rowid")
        try statement.bind([.text(walletID)])
        var records: [SweepKeyRecord] = []
        while try statement.step() {
            records.append(
                SweepKeyRecord(
                    walletID: try statement.string(at: 0), address: try statement.string(at: 1),
                    vaultID: try statement.string(at: 2), compressed: try statement.int(at: 3) == 1,
                    createdAt: try statement.string(at: 4)))
        }
        return records
    }
}
