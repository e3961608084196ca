import HFStore

/// Removes one wallet ID: its row (transactions, address indexes and sweep keys with it), its vault mnemonic and its
/// sweep keys' vault items, in one store transaction, so a crash leaves both or neither.
enum WalletRemovalStep {
    static func remove(
        _ walletID: String, vaultID: String, database: Database, vault: any KeyshareVault
    ) throws(WalletRemovalError) {
        try database.transaction { () throws(WalletRemovalError) in
            let sweepKeys: [SweepKeyRecord]
            do throws(DatabaseError) {
                sweepKeys = try SweepKeyRecords(database: database).list(walletID: walletID)
                try WalletRecords(database: database).remove(walletID)
            } catch { throw .database(error) }
            do throws(VaultError) {
                try vault.delete(id: vaultID)
                for key in sweepKeys where (try? vault.read(id: key.vaultID)) != nil { try vault.delete(id: key.vaultID) }
            } catch { throw .vault(error) }
        }
    }
}
