import HFStore

/// Removes one wallet ID: its row (transactions and address indexes with it) and its vault mnemonic, in one store
/// transaction, so a crash leaves both or neither.
enum WalletRemovalStep {
    static func remove(
        _ walletID: String, vaultID: String, database: Database, vault: any KeyshareVault
    ) throws(WalletRemovalError) {
        try database.transaction { () throws(WalletRemovalError) in
            do throws(DatabaseError) { try WalletRecords(database: database).remove(walletID) } catch { throw .database(error) }
            do throws(VaultError) { try vault.delete(id: vaultID) } catch { throw .vault(error) }
        }
    }
}
