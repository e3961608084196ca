import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// Chooses the network each `hf-watcher` command runs on from `--network` and the home (docs/design.md §7, "The
/// home's network"; hf-watcher(1), NETWORK): without `--network`, the home's; a `--network` the home holds nothing
/// for is refused (64) unless the command may add a network or reads nothing of the home.
enum WatcherNetworkChoice {
    /// The command paths (after `hf-watcher`) that may name any network: `init` brings one into the home, `qr`
    /// reads nothing of it, and `checkpoint propose` refuses every network but main itself.
    static let mayAdd: [[String]] = [["init"], ["qr"], ["checkpoint", "propose"], ["completion"]]

    /// The resolver given to ``CommandRunner``.
    static let resolver: NetworkResolver = { globals, path throws(CommandError) in
        let words = Array(path.dropFirst())
        let adds = mayAdd.contains { words.starts(with: $0) }
        let network = try watcherOperation { () throws(WatcherError) in
            try WatcherHome.network(explicit: globals.home, given: globals.givenNetwork?.network, mayAdd: adds)
        }
        return NetworkName(rawValue: network.rawValue) ?? .main
    }
}
