extension Database {
    /// The schema version stored in the database header (`PRAGMA user_version`; 0 for a new database).
    ///
    /// ``Migrator`` owns this number for the application's schema; other code should not set it.
    public func userVersion() throws(DatabaseError) -> Int {
        let statement = try prepare("PRAGMA user_version")
        guard try statement.step() else { return 0 }
        return try statement.int(at: 0)
    }

    /// Sets the schema version (`PRAGMA user_version = version`); `version` must be in `0...Int32.max`.
    ///
    /// Inside a transaction, the change commits or rolls back with it.
    public func setUserVersion(_ version: Int) throws(DatabaseError) {
        precondition((0...Int(Int32.max)).contains(version), "Database: user_version must be in 0...Int32.max")
        try execute("PRAGMA user_version = \(version)")
    }
}
