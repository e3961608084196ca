/// The signer's preferences: small key/value settings such as the latest fee quote of each network.
public struct Preferences {
    let database: Database

    /// The preferences of `database` (a signer store at schema 2 or later).
    public init(database: Database) { self.database = database }

    /// The value of `key`, if set.
    public func value(_ key: String) throws(DatabaseError) -> String? {
        let statement = try database.prepare("SELECT value FROM preferences WHERE key = ?")
        try statement.bind(key, at: 1)
        guard try statement.step() else { return nil }
        let value = try statement.string(at: 0)
        statement.reset()
        return value
    }

    /// Sets `key` to `value`.
    public func set(_ key: String, to value: String) throws(DatabaseError) {
        try database.execute(
            "INSERT INTO preferences (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            bindings: [.text(key), .text(value)])
    }
}

extension Preferences {
    /// Removes `key` (removing a missing key is not an error).
    public func remove(_ key: String) throws(DatabaseError) {
        try database.execute("DELETE FROM preferences WHERE key = ?", bindings: [.text(key)])
    }
}

extension Preferences {
    /// Removes every key except `kept` (a successful full wipe's app-state reset).
    public func removeAll(except kept: [String]) throws(DatabaseError) {
        let statement = try database.prepare("SELECT key FROM preferences")
        var keys: [String] = []
        while try statement.step() { keys.append(try statement.string(at: 0)) }
        for key in keys where !kept.contains(key) { try remove(key) }
    }
}
