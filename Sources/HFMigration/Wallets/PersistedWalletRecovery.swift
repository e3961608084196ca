public import HFPrimitives
public import HFStore

/// `recoverPersistedWallet` of docs/requirements/legacy-migration.md: vault mnemonics whose wallet row is missing get their row back, but only for
/// entries whose stored ID belongs to the runtime network. It never creates a mirror on another network, and a
/// created ID that differs from the stored source ID is rejected.
public struct PersistedWalletRecovery {
    /// What a recovery pass did.
    public struct Outcome: Sendable, Equatable {
        /// Wallet IDs whose rows were recreated.
        public var recovered: [String] = []
        /// Entries that belong to another network (left alone).
        public var otherNetwork = 0
        /// Entries whose derived ID differs from the stored ID on every network, or that cannot be read.
        public var rejected = 0
    }

    private let database: Database
    private let vault: any KeyshareVault
    private let host: any WalletHost

    /// A recovery over `database` and `vault`, creating rows through `host`.
    public init(database: Database, vault: any KeyshareVault, host: any WalletHost) {
        self.database = database
        self.vault = vault
        self.host = host
    }

    /// Recreates the missing rows of `network`.
    public func recoverPersistedWallets(network: Network) throws(WalletHostError) -> Outcome {
        var outcome = Outcome()
        // A removal that died after its commit left its items queued: delete them first, so that a removed wallet
        // is never recovered from its stray seed.
        do { try VaultDeletions(database: database).finish(vault: vault) } catch { throw .vault(error) }
        let stored: [String]
        do { stored = try VaultWalletEntry.ids(in: vault) } catch { throw .vault(error) }
        for walletID in stored {
            let found: WalletRecord?
            do { found = try WalletRecords(database: database).find(walletID) } catch { throw .database(error) }
            if found != nil { continue }
            switch try recoverPersistedWallet(walletID, network: network) {
            case .recovered: outcome.recovered.append(walletID)
            case .otherNetwork: outcome.otherNetwork += 1
            case .rejected: outcome.rejected += 1
            }
        }
        return outcome
    }

    /// What happened to one entry.
    public enum Result: Sendable, Equatable {
        case recovered
        case otherNetwork
        case rejected
    }

    /// Recovers the row of one stored ID on `network`.
    public func recoverPersistedWallet(_ walletID: String, network: Network) throws(WalletHostError) -> Result {
        guard let entry = VaultWalletEntry.read(walletID, from: vault) else { return .rejected }
        guard entry.walletID(on: network) == walletID else {
            let elsewhere = Network.allCases.contains { $0 != network && entry.walletID(on: $0) == walletID }
            return elsewhere ? .otherNetwork : .rejected
        }
        let request = WalletCreationRequest(
            mnemonic: entry.mnemonic, passphrase: entry.passphrase, network: network, title: "Recovered wallet",
            expectedWalletID: walletID, existing: .accept)
        do {
            _ = try host.createOrImportWallet(request)
        } catch .mismatchedID {
            return .rejected
        }
        return .recovered
    }
}
