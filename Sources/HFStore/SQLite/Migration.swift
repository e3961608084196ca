/// One step of a database schema: the change that takes the schema from `version - 1` to `version`.
public struct Migration: Sendable {
    /// The schema version after this step (1 for the first).
    public let version: Int
    /// Applies the step; runs inside the ``Migrator``'s transaction.
    public let apply: @Sendable (Database) throws(DatabaseError) -> Void

    /// A step made of SQL statements (separated by `;`).
    public init(version: Int, sql: String) {
        self.version = version
        self.apply = { (database) throws(DatabaseError) in try database.execute(sql) }
    }

    /// A step made of code, for changes SQL alone cannot express (rewriting values, say).
    ///
    /// Annotate the closure: `Migration(version: 3) { (db) throws(DatabaseError) in … }`.
    public init(version: Int, apply: @escaping @Sendable (Database) throws(DatabaseError) -> Void) {
        self.version = version
        self.apply = apply
    }
}
