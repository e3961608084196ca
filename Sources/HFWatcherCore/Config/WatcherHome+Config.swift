public import HFPrimitives
import HFStore

/// The watcher's stored configuration (`watcher.sqlite`, table `config`): the only place that reads or writes it.
extension WatcherHome {
    /// The configuration in force for `network`: stored values over the defaults.
    public func config(network: Network) throws(WatcherError) -> WatcherConfig {
        do { return WatcherConfig(stored: try WatcherConfigTable(database: database).all(), network: network) } catch {
            throw .database(error)
        }
    }

    /// Stores `value` under `key` (or, for `devnet URL`, every key it implies) in one transaction.
    /// - Throws: `WatcherError.configuration` for an unknown key or a bad value; nothing is stored then.
    public func setConfig(_ key: String, _ value: String) throws(WatcherError) {
        let settings = try WatcherConfig.setting(key, value)
        try database.transaction { () throws(WatcherError) in
            for (key, value) in settings {
                do throws(DatabaseError) { try WatcherConfigTable(database: database).set(key, value) } catch {
                    throw .database(error)
                }
            }
        }
    }

    /// The home directory's path.
    public var path: String { directory.path }
}
