import HFCommandLine

/// `hf-signer receipt`: payment receipts.
struct ReceiptCommand: CommandGroup {
    static let name = "receipt"
    static let abstract = "Check payment receipts against the local header chain."
    static let subcommands: [any Command.Type] = [ReceiptVerifyCommand.self]
}
