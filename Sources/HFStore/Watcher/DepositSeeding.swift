/// Which watched addresses a deposit poll has seen (table `deposit_seeded_addresses`): outpoints of an address not
/// seen yet are remembered silently, as coins that were there before it was watched. Callers wrap changes in a
/// transaction.
public struct DepositSeeding {
    private let database: Database
    private let network: String

    /// The seeding state of `network` in `database` (a watcher store at schema 3 or later).
    public init(database: Database, network: String) {
        self.database = database
        self.network = network
    }

    /// The watched addresses of the network that a poll has seen.
    public func seededAddresses() throws(DatabaseError) -> Set<String> {
        let statement = try database.prepare("SELECT address FROM deposit_seeded_addresses WHERE network = ?")
        try statement.bind([.text(network)])
        var addresses: Set<String> = []
        while try statement.step() { addresses.insert(try statement.string(at: 0)) }
        return addresses
    }

    /// Marks every watched address of the network as seen by a poll.
    ///
    /// - Returns: how many were newly marked.
    @discardableResult
    public func seedWatchedAddresses() throws(DatabaseError) -> Int {
        try database.execute(
            """
            INSERT INTO deposit_seeded_addresses (network, address)
            SELECT network, address FROM watched_addresses WHERE network = ? ON CONFLICT DO NOTHING
            """,
            bindings: [.text(network)])
        return database.changes
    }
}
