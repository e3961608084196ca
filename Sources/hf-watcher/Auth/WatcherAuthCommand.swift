import HFCommandLine

/// `hf-watcher auth deliver`.
struct WatcherAuthCommand: CommandGroup {
    static let name = "auth"
    static let abstract = "Deliver the signer's hfauth login answers."
    static let subcommands: [any Command.Type] = [WatcherAuthDeliver.self]
}
