import HFStore

/// What a successful `wipe` does to the spending policy: the policy, its allowlist and the outflow ledger go with
/// the wallets (the ledger's trigger allows it only once no wallet is left).
enum SpendingPolicyReset {
    /// Removes the policy and the ledger of `home`, in one store transaction.
    static func afterWipe(_ home: SignerHome) throws(SignerError) {
        try home.database.transaction { () throws(SignerError) in
            do throws(DatabaseError) {
                try SpendingPolicyRecords(database: home.database).remove()
                try OutflowRecords(database: home.database).removeAll()
            } catch { throw .database(error) }
        }
        SignerLog(home: home).record("policy removed by wipe")
    }
}
