extension DatabaseKeyshareVault {
    /// The ids stored in `database`'s vault, without opening it (ids are not secret; no passphrase needed).
    ///
    /// - Returns: the sorted ids; empty when the database has no vault.
    public static func storedIDs(in database: Database) throws(VaultError) -> [String] {
        try VaultTables.create(in: database)
        return try VaultTables.ids(in: database)
    }
}
