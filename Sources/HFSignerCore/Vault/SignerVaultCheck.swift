import HFMigration
import HFPrimitives
public import HFStore

/// `hf-signer vault verify`: every id of the active vault readable, and every wallet row's seed present and matching.
public struct SignerVaultCheck: Encodable, Equatable {
    /// The active vault kind.
    public let kind: String
    /// How many ids the active vault holds.
    public let ids: Int
    /// Ids of the active vault that cannot be read.
    public var unreadable: [String] = []
    /// Wallet IDs whose row has no seed in the active vault.
    public var missingSeeds: [String] = []
    /// Wallet IDs whose seed does not give the row's identity key (or does not decode).
    public var mismatchedSeeds: [String] = []
    /// Vault ids no wallet row names (not an error: e.g. a wallet removed from the rows only).
    public var orphaned: [String] = []
    /// Ids still held by the other vault kinds (left by an unfinished migration, or copies made outside it).
    public var otherVaults: [String: [String]] = [:]
    /// The unfinished migration (`from>to>phase`), if any.
    public var migration: String?

    /// Whether every wallet can sign and nothing is unreadable or half-migrated.
    public var ok: Bool { unreadable.isEmpty && missingSeeds.isEmpty && mismatchedSeeds.isEmpty && migration == nil }

    private enum CodingKeys: String, CodingKey {
        case kind, ids, unreadable, missingSeeds, mismatchedSeeds, orphaned, otherVaults, migration, ok
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(ids, forKey: .ids)
        try container.encode(unreadable, forKey: .unreadable)
        try container.encode(missingSeeds, forKey: .missingSeeds)
        try container.encode(mismatchedSeeds, forKey: .mismatchedSeeds)
        try container.encode(orphaned, forKey: .orphaned)
        try container.encode(otherVaults, forKey: .otherVaults)
        try container.encode(migration, forKey: .migration)
        try container.encode(ok, forKey: .ok)
    }

    /// Checks the active `vault` (of `kind`) of `home` against the wallet rows of every network.
    public init(home: SignerHome, vault: SignerVault, kind: VaultKind) throws(SignerError) {
        let vault = vault.store
        self.kind = kind.rawValue
        let stored: [String]
        do { stored = try vault.ids() } catch { throw .vault(error) }
        ids = stored.count
        var readable = Set<String>()
        for id in stored {
            do {
                _ = try vault.read(id: id)
                readable.insert(id)
            } catch { unreadable.append(id) }
        }
        var named = Set<String>()
        for network in Network.allCases {
            let wallets = SignerWallets(home: home, network: network)
            for record in try wallets.listRecords() {
                named.insert(record.vaultID)
                if !readable.contains(record.vaultID) {
                    if !unreadable.contains(record.vaultID) { missingSeeds.append(record.walletID) }
                    continue
                }
                do { _ = try wallets.keys(for: record, vault: SignerVault(vault)) } catch { mismatchedSeeds.append(record.walletID) }
            }
        }
        orphaned = stored.filter { !named.contains($0) }
        for (other, ids) in try home.storedVaultIDs() where other != kind && !ids.isEmpty {
            otherVaults[other.rawValue] = ids
        }
        do { migration = try SignerVaultJournal(home: home).load()?.text } catch {
            throw .rejected(reason: error.description)
        }
    }
}
