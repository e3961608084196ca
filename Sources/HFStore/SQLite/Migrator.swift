/// Brings a database's schema up to date by applying ordered ``Migration``s in one transaction.
///
/// The schema version lives in `PRAGMA user_version`. `migrate` reads it, applies every migration with a higher
/// version in order, and sets it to ``latestVersion``, all in one `BEGIN IMMEDIATE` transaction: a crash or a
/// failing step leaves the schema exactly as it was, and two processes migrating at once run one after the other.
/// A database whose version is newer than ``latestVersion`` (written by a newer program) is refused, never touched.
public struct Migrator: Sendable {
    /// The steps, in version order 1, 2, 3, …
    public let migrations: [Migration]

    /// Creates a migrator. The versions must be exactly 1, 2, 3, … in order (a programmer error otherwise).
    public init(_ migrations: [Migration]) {
        for (offset, migration) in migrations.enumerated() {
            precondition(migration.version == offset + 1, "Migrator: migration versions must be 1, 2, 3, … in order")
        }
        self.migrations = migrations
    }

    /// The schema version after every migration (0 when there are none).
    public var latestVersion: Int { migrations.count }

    /// Applies the missing migrations.
    ///
    /// - Returns: the versions applied (empty when the schema was already current).
    /// - Throws: ``DatabaseError/schemaTooNew(found:supported:)``, or the failing step's error (nothing is applied).
    @discardableResult
    public func migrate(_ database: Database) throws(DatabaseError) -> [Int] {
        try database.transaction { () throws(DatabaseError) in
            let current = try database.userVersion()
            guard current <= latestVersion else { throw .schemaTooNew(found: current, supported: latestVersion) }
            let pending = migrations.dropFirst(current)
            for migration in pending { try migration.apply(database) }
            if !pending.isEmpty { try database.setUserVersion(latestVersion) }
            return pending.map(\.version)
        }
    }
}
