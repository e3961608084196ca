public import HFHome
import Synchronization

/// The session owns the home's lock: a command opens its home here and the lock is held until the process ends (the
/// kernel releases it then), so two watcher commands never interleave their changes.
extension WatcherSession {
    /// The locks taken by ``openHome(explicit:locking:)``, held for the process's life.
    private static let held = Mutex<[HomeLock]>([])

    /// Opens the initialised home (`explicit`, else the default) and, unless `locking` is false (`watch` locks per
    /// poll cycle, `wallet-api serve` runs beside other commands), takes its lock for the rest of the process.
    /// - Throws: `WatcherError` when the home is missing or not initialised; `.homeLock(.busy)` (exit 75) when
    ///   another command holds the lock for longer than the wait.
    public static func openHome(explicit: String?, locking: Bool = true) throws(WatcherError) -> WatcherHome {
        let home = try WatcherHome.open(explicit: explicit)
        if locking {
            let lock = try home.lock()
            held.withLock { $0.append(lock) }
        }
        return home
    }
}
