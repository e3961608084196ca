public import HFPrimitives
public import HFStore
import HFSystem

extension ApplicationHome where Program == WatcherProgram {
    /// The network a watcher command runs on (docs/design.md §7, "The home's network"): `given` (`--network`) if
    /// the home holds it or `mayAdd`; else the home's recorded network, else the one it holds, else `main`.
    ///
    /// - Parameters:
    ///   - explicit: the `--home` value, if any.
    ///   - mayAdd: the command may bring a network into the home (`init`) or reads nothing of it.
    /// - Throws: `WatcherError.configuration` (exit 64) with a sentence naming the networks the home holds.
    public static func network(
        explicit: String?, given: Network?, mayAdd: Bool,
        environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(WatcherError) -> Network {
        do {
            return try networks(explicit: explicit, environment: environment).resolve(given: given, mayAdd: mayAdd)
        } catch {
            throw .configuration(reason: error.description)
        }
    }

    /// Records `network` as the home's network unless one is recorded (the first `init` decides).
    ///
    /// - Throws: `WatcherError.cannotCreate` when the record cannot be written.
    public func recordNetwork(_ network: Network) throws(WatcherError) {
        do { try HomeNetworks.record(network, home: directory.path) } catch {
            throw .cannotCreate(reason: "cannot record the home's network: \(error.description)")
        }
    }
}
