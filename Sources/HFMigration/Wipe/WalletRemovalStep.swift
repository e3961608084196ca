import HFStore

/// Removes one wallet ID: its row (transactions, address indexes and sweep keys with it) in one store transaction
/// that also queues its vault mnemonic and its sweep keys' vault items for deletion; the items are deleted only
/// after that commit (docs/requirements/vaults.md: a crash leaves at worst a stray item, deleted on the next open, never a live wallet
/// whose seed is gone).
enum WalletRemovalStep {
    static func remove(
        _ walletID: String, vaultID: String, database: Database, vault: any KeyshareVault
    ) throws(WalletRemovalError) {
        try database.transaction { () throws(WalletRemovalError) in
            do throws(DatabaseError) {
                let sweepKeys = try SweepKeyRecords(database: database).list(walletID: walletID)
                try WalletRecords(database: database).remove(walletID)
                try VaultDeletions(database: database).enqueue([vaultID] + sweepKeys.map(\.vaultID))
            } catch { throw .database(error) }
        }
        do { try VaultDeletions(database: database).finish(vault: vault) } catch { throw .vault(error) }
    }
}
