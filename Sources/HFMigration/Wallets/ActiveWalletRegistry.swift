public import HFPrimitives
public import HFStore

/// The active wallet of each network (docs/requirements/legacy-migration.md `WalletEnvironment.activeWalletId(for:)`), scoped independently to
/// every network: the wallets table's default flag, one per network.
///
/// When a network has wallets but no recorded choice (the active wallet was removed, say), the deterministic first
/// wallet (oldest `created_at`, then lowest wallet ID) becomes active and the choice is persisted. Everything that
/// acts on "the" wallet resolves through here, never through "the first stored mnemonic".
public struct ActiveWalletRegistry {
    private let database: Database
    private var records: WalletRecords { WalletRecords(database: database) }

    /// The registry of `database` (a signer store).
    public init(database: Database) { self.database = database }

    /// The active wallet of `network`, or nil when the network has no wallet.
    public func activeWallet(for network: Network) throws(DatabaseError) -> WalletRecord? {
        let wallets = try records.list(network: network)
        if let chosen = wallets.first(where: \.isDefault) { return chosen }
        guard var first = wallets.first else { return nil }
        try database.transaction { () throws(DatabaseError) in try records.setDefault(first.walletID, network: network) }
        first.isDefault = true
        return first
    }

    /// The active wallet ID of `network`, or nil.
    public func activeWalletID(for network: Network) throws(DatabaseError) -> String? {
        try activeWallet(for: network)?.walletID
    }

    /// Makes `walletID` (a wallet of `network`) the active wallet of `network`; other networks are untouched.
    public func setActive(_ walletID: String, network: Network) throws(DatabaseError) {
        try database.transaction { () throws(DatabaseError) in try records.setDefault(walletID, network: network) }
    }
}
