import HFCommandLine

/// `hf-watcher export headers|receipts|beef`.
struct WatcherExportCommand: CommandGroup {
    static let name = "export"
    static let abstract = "Write the .hfupdate (or .hfheaders, .hfreceipt, Atomic BEEF) for the signer."
    static let subcommands: [any Command.Type] = [
        WatcherExportUpdate.self, WatcherExportHeaders.self, WatcherExportReceipts.self, WatcherExportBeef.self,
    ]
}
