import HFCommandLine

/// `hf-watcher checkpoint propose`.
struct WatcherCheckpointCommand: CommandGroup {
    static let name = "checkpoint"
    static let abstract = "Prepare a new compiled-in mainnet checkpoint for a release."
    static let subcommands: [any Command.Type] = [WatcherCheckpointPropose.self]
}
