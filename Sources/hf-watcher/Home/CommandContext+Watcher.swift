import HFCommandLine
import HFPrimitives
import HFWatcherCore

extension CommandContext {
    var network: Network { globals.network.network }

    /// Opens the initialised home and, unless `locking` is false (`watch` locks per poll cycle), takes its lock for
    /// the rest of the command: two watcher commands never interleave their changes.
    func openWatcherHome(locking: Bool = true) throws(CommandError) -> WatcherHome {
        try watcherOperation { () throws(WatcherError) in
            let home = try WatcherHome.open(explicit: globals.home)
            if locking { HeldHomeLock.keep(try home.lock()) }
            return home
        }
    }

    /// The home, the services and the validated header chain of `--network`, for the commands that go online.
    func watcherSession(locking: Bool = true) throws(CommandError) -> WatcherSession {
        let home = try openWatcherHome(locking: locking)
        return try watcherOperation { () throws(WatcherError) in try WatcherSession.open(home: home, network: network) }
    }
}
