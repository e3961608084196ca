import HFCommandLine
import HFPrimitives
import HFWatcherCore

extension CommandContext {
    var network: Network { globals.network.network }

    /// Opens the initialised home, its lock held by the session layer unless `locking` is false
    /// (``WatcherSession/openHome(explicit:locking:)``).
    func openWatcherHome(locking: Bool = true) throws(CommandError) -> WatcherHome {
        try watcherOperation { () throws(WatcherError) in try WatcherSession.openHome(explicit: globals.home, locking: locking) }
    }

    /// The home, the services and the validated header chain of `--network`, for the commands that go online.
    func watcherSession(locking: Bool = true) throws(CommandError) -> WatcherSession {
        let home = try openWatcherHome(locking: locking)
        return try watcherOperation { () throws(WatcherError) in try WatcherSession.open(home: home, network: network) }
    }
}
