import HFCommandLine

/// `hf-watcher export headers|receipts|beef`.
struct WatcherExportCommand: CommandGroup {
    static let name = "export"
    static let abstract = "Write .hfheaders, .hfreceipt and Atomic BEEF files for the signer."
    static let subcommands: [any Command.Type] = [WatcherExportHeaders.self, WatcherExportReceipts.self, WatcherExportBeef.self]
}
