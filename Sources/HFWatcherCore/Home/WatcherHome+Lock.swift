public import HFHome
import HFStore

extension ApplicationHome where Program == WatcherProgram {
    /// Takes the home's exclusive lock (`<home>/lock`, a kernel `flock` released when the process dies), waiting up
    /// to `seconds` for another command. Mutating commands hold it for their run; `watch` takes it per poll cycle.
    ///
    /// - Throws: `WatcherError.homeLock(.busy)` (exit 75) when another command still holds it.
    public func lock(waitingUpTo seconds: Double = 5) throws(WatcherError) -> HomeLock {
        do { return try HomeLock.acquire(directory: directory.path, waitingUpTo: seconds) } catch { throw .homeLock(error) }
    }
}
