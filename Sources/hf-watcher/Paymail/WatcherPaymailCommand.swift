import HFCommandLine

/// `hf-watcher paymail resolve`.
struct WatcherPaymailCommand: CommandGroup {
    static let name = "paymail"
    static let abstract = "Resolve paymail addresses into payment requests for the signer."
    static let subcommands: [any Command.Type] = [WatcherPaymailResolve.self, WatcherPaymailDeliver.self]
}
