import HFWatcherCore

/// The home lock a command holds until the process ends (the kernel releases it then).
enum HeldHomeLock {
    nonisolated(unsafe) private static var held: [HomeLock] = []

    static func keep(_ lock: HomeLock) { held.append(lock) }
}
