/// Wallets the watcher follows: the identity key it trusts for each, and their watched addresses.
public struct WatchedWallets {
    /// One watched address.
    public struct Entry: Sendable, Equatable {
        public let address: String
        public let walletID: String
        public let scheme: String
        public let reference: String
        public let used: Bool

        public init(address: String, walletID: String, scheme: String, reference: String, used: Bool = false) {
            self.address = address
            self.walletID = walletID
            self.scheme = scheme
            self.reference = reference
            self.used = used
        }
    }

    private let database: Database
    private let network: String

    /// The watched wallets of `network` in `database` (a watcher store).
    public init(database: Database, network: String) {
        self.database = database
        self.network = network
    }

    /// The identity key trusted for `walletID`, if any.
    public func trustedIdentity(walletID: String) throws(DatabaseError) -> String? {
        let statement = try database.prepare("SELECT identity_key FROM watched_wallets WHERE wallet_id = ? AND network = ?")
        try statement.bind([.text(walletID), .text(network)])
        guard try statement.step() else { return nil }
        let key = try statement.string(at: 0)
        statement.reset()
        return key
    }

    /// Every wallet of the network with the identity key trusted for it, in the order they were trusted.
    public func trusted() throws(DatabaseError) -> [(walletID: String, identityKey: String)] {
        let statement = try database.prepare(
            "SELECT wallet_id, identity_key FROM watched_wallets WHERE network = ? ORDER BY trusted_at, wallet_id")
        try statement.bind([.text(network)])
        var wallets: [(walletID: String, identityKey: String)] = []
        while try statement.step() { wallets.append((try statement.string(at: 0), try statement.string(at: 1))) }
        return wallets
    }

    /// Records that `identityKey` is trusted for `walletID`.
    public func trust(walletID: String, identityKey: String, at time: String) throws(DatabaseError) {
        try database.execute(
            "INSERT INTO watched_wallets (wallet_id, network, identity_key, trusted_at) VALUES (?, ?, ?, ?)",
            bindings: [.text(walletID), .text(network), .text(identityKey), .text(time)])
    }

    /// Adds `entries` (already watched addresses are kept as they are).
    ///
    /// - Returns: how many were new.
    @discardableResult
    public func add(_ entries: [Entry]) throws(DatabaseError) -> Int {
        var added = 0
        let statement = try database.prepare(
            """
            INSERT INTO watched_addresses (address, network, wallet_id, scheme, reference) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (network, address) DO NOTHING
            """)
        for entry in entries {
            try statement.bind([
                .text(entry.address), .text(network), .text(entry.walletID), .text(entry.scheme), .text(entry.reference),
            ])
            try statement.run()
            added += database.changes
        }
        return added
    }

    /// Every watched address of the network.
    public func addresses() throws(DatabaseError) -> [Entry] {
        let statement = try database.prepare(
            "SELECT address, wallet_id, scheme, reference, used FROM watched_addresses WHERE network = ? ORDER BY rowid")
        try statement.bind([.text(network)])
        var entries: [Entry] = []
        while try statement.step() {
            entries.append(Entry(
                address: try statement.string(at: 0), walletID: try statement.string(at: 1),
                scheme: try statement.string(at: 2), reference: try statement.string(at: 3),
                used: try statement.int(at: 4) == 1))
        }
        return entries
    }

    /// Marks `address` as used (it has history).
    public func markUsed(_ address: String) throws(DatabaseError) {
        try database.execute(
            "UPDATE watched_addresses SET used = 1 WHERE network = ? AND address = ?",
            bindings: [.text(network), .text(address)])
    }
}
