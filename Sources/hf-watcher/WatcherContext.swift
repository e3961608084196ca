import HFCommandLine
import HFPrimitives
import HFSPV
import HFWatcherCore

/// Runs `body`, turning a `WatcherError` into the matching `CommandError`.
func watcherOperation<T>(_ body: () throws(WatcherError) -> T) throws(CommandError) -> T {
    do { return try body() } catch { throw error.commandError }
}

/// Awaits `body`, turning a `WatcherError` into the matching `CommandError`.
func watcherOperation<T>(_ body: () async throws(WatcherError) -> T) async throws(CommandError) -> T {
    do { return try await body() } catch { throw error.commandError }
}

extension NetworkName {
    var network: Network {
        switch self {
        case .main: .main
        case .test: .test
        case .regtest: .regtest
        }
    }
}

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

    func watcherServices(_ home: WatcherHome) throws(CommandError) -> WatcherServices {
        try watcherOperation { () throws(WatcherError) in
            try WatcherServices(config: home.config(network: network), network: network)
        }
    }

    func watcherChain(_ home: WatcherHome) throws(CommandError) -> HeaderChain {
        try watcherOperation { () throws(WatcherError) in try home.headerChain(network: network) }
    }

    /// The home, the services and the validated header chain of `--network`, for the commands that go online.
    func watcherSession(locking: Bool = true) throws(CommandError) -> WatcherSession {
        let home = try openWatcherHome(locking: locking)
        return WatcherSession(home: home, services: try watcherServices(home), chain: try watcherChain(home))
    }
}

/// The home lock a command holds until the process ends (the kernel releases it then).
enum HeldHomeLock {
    nonisolated(unsafe) private static var held: [HomeLock] = []

    static func keep(_ lock: HomeLock) { held.append(lock) }
}
