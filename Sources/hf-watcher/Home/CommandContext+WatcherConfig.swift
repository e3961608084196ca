import HFCommandLine
import HFWatcherCore

extension CommandContext {
    /// The watcher configuration of `--network` (stored values over the defaults).
    func watcherConfig(_ home: WatcherHome) throws(CommandError) -> WatcherConfig {
        try watcherOperation { () throws(WatcherError) in try home.config(network: network) }
    }
}
