/// The watcher's settings (provider URLs, key-file paths, poll interval), as keys and values.
public struct WatcherConfigTable {
    private let database: Database

    /// The configuration of `database` (a watcher store).
    public init(database: Database) { self.database = database }

    /// Every set key and its value.
    public func all() throws(DatabaseError) -> [String: String] {
        let statement = try database.prepare("SELECT key, value FROM watcher_config")
        var values: [String: String] = [:]
        while try statement.step() { values[try statement.string(at: 0)] = try statement.string(at: 1) }
        return values
    }

    /// Sets `key` to `value`.
    public func set(_ key: String, _ value: String) throws(DatabaseError) {
        try database.execute(
            "INSERT INTO watcher_config (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            bindings: [.text(key), .text(value)])
    }
}
