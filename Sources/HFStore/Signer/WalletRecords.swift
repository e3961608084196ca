public import HFPrimitives

/// The wallets table: add, list, look up and choose the default wallet. Callers wrap changes in a transaction.
public struct WalletRecords {
    private let database: Database

    /// The wallets of `database` (a signer store at schema 2 or later).
    public init(database: Database) { self.database = database }

    /// Adds `record`; the first wallet of a network becomes its default.
    ///
    /// - Returns: the record as stored (with its default flag).
    /// - Throws: `DatabaseError` (a constraint error when the wallet ID exists: check `find` first).
    public func add(_ record: WalletRecord) throws(DatabaseError) -> WalletRecord {
        var stored = record
        stored.isDefault = try list(network: record.network).isEmpty
        try database.execute(
            """
            INSERT INTO wallets (
                wallet_id, network, title, derivation, identity_key, vault_id, is_default, created_at, bip32_chains)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            bindings: [
                .text(stored.walletID), .text(stored.network.rawValue), .text(stored.title), .text(stored.derivation.rawValue),
                .text(stored.identityKey), .text(stored.vaultID), .integer(stored.isDefault ? 1 : 0),
                .text(stored.createdAt), stored.bip32Chains.map(SQLiteValue.text) ?? .null,
            ])
        for scheme in ["type42", "bip44"] {
            for chain in ["receive", "change"] {
                try database.execute(
                    "INSERT INTO address_indexes (wallet_id, scheme, chain, next_index) VALUES (?, ?, ?, 0)",
                    bindings: [.text(stored.walletID), .text(scheme), .text(chain)])
            }
        }
        return stored
    }

    /// Every wallet of `network`, oldest first.
    public func list(network: Network) throws(DatabaseError) -> [WalletRecord] {
        try query("SELECT * FROM wallets WHERE network = ? ORDER BY created_at, rowid", [.text(network.rawValue)])
    }

    /// The wallet whose ID is `walletID` exactly.
    public func find(_ walletID: String) throws(DatabaseError) -> WalletRecord? {
        try query("SELECT * FROM wallets WHERE wallet_id = ?", [.text(walletID)]).first
    }

    /// The wallets of `network` whose IDs start with `prefix`.
    public func matching(prefix: String, network: Network) throws(DatabaseError) -> [WalletRecord] {
        try list(network: network).filter { $0.walletID.hasPrefix(prefix.lowercased()) }
    }

    /// Makes `walletID` the default of its network.
    public func setDefault(_ walletID: String, network: Network) throws(DatabaseError) {
        try database.execute("UPDATE wallets SET is_default = 0 WHERE network = ?", bindings: [.text(network.rawValue)])
        try database.execute("UPDATE wallets SET is_default = 1 WHERE wallet_id = ?", bindings: [.text(walletID)])
    }

    /// Removes `walletID` with its address indexes, sweep keys and transactions (the `wallet_removals` marker lets the
    /// transactions trigger allow it). Callers wrap it in a transaction together with the vault deletion.
    public func remove(_ walletID: String) throws(DatabaseError) {
        try database.execute("INSERT OR IGNORE INTO wallet_removals (wallet_id) VALUES (?)", bindings: [.text(walletID)])
        try database.execute("DELETE FROM transactions WHERE wallet_id = ?", bindings: [.text(walletID)])
        try database.execute("DELETE FROM address_indexes WHERE wallet_id = ?", bindings: [.text(walletID)])
        try database.execute("DELETE FROM sweep_keys WHERE wallet_id = ?", bindings: [.text(walletID)])
        try database.execute("DELETE FROM wallets WHERE wallet_id = ?", bindings: [.text(walletID)])
    }

    /// Every wallet of every network, oldest first (two made in the same second in the order they were added).
    public func all() throws(DatabaseError) -> [WalletRecord] {
        try query("SELECT * FROM wallets ORDER BY created_at, rowid", [])
    }

    /// The networks the home has wallets of, in ``Network/allCases`` order (a network the store names but this
    /// build does not know is left out: nothing of it can be used).
    public func networks() throws(DatabaseError) -> [Network] {
        let statement = try database.prepare("SELECT DISTINCT network FROM wallets")
        var names: Set<String> = []
        while try statement.step() { names.insert(try statement.string(at: 0)) }
        return Network.allCases.filter { names.contains($0.rawValue) }
    }

    /// Sets the scheme of new addresses of `walletID` (derivation-type auto-repair).
    public func setDerivation(_ walletID: String, to derivation: DerivationScheme) throws(DatabaseError) {
        try database.execute(
            "UPDATE wallets SET derivation = ? WHERE wallet_id = ?",
            bindings: [.text(derivation.rawValue), .text(walletID)])
    }

    private func query(_ sql: String, _ bindings: [SQLiteValue]) throws(DatabaseError) -> [WalletRecord] {
        let statement = try database.prepare(sql)
        try statement.bind(bindings)
        var records: [WalletRecord] = []
        while try statement.step() {
            let walletID = try statement.string(at: 0)
            let networkText = try statement.string(at: 1)
            let derivationText = try statement.string(at: 3)
            guard let network = Network(rawValue: networkText) else {
                throw .unknownValue(table: "wallets", row: walletID, value: networkText)
            }
            guard let derivation = DerivationScheme(rawValue: derivationText) else {
                throw .unknownValue(table: "wallets", row: walletID, value: derivationText)
            }
            records.append(
                WalletRecord(
                    walletID: walletID, network: network, title: try statement.string(at: 2), derivation: derivation,
                    identityKey: try statement.string(at: 4), vaultID: try statement.string(at: 5),
                    isDefault: try statement.int(at: 6) == 1, createdAt: try statement.string(at: 7),
                    bip32Chains: statement.isNull(at: 8) ? nil : try statement.string(at: 8)))
        }
        return records
    }
}
