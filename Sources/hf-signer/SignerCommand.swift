import HFCommandLine
import HFQRCommands

/// The root command of `hf-signer`.
struct SignerCommand: CommandGroup {
    static let name = "hf-signer"
    static let abstract = "The offline signer of hf-airgap: keys, SPV header chain, signing."
    static let discussion: String? = """
        hf-signer runs on a machine that never goes online. It keeps the keys, verifies payments against its own \
        header chain, and exchanges bundles with hf-watcher as files or QR codes. Secrets are read only from a \
        TTY prompt or from files of mode 0600, never from arguments or environment values.
        """
    static let subcommands: [any Command.Type] = [
        InitCommand.self, StatusCommand.self, WalletCommand.self, AddressCommand.self, ExportCommand.self, BalanceCommand.self, UTXOsCommand.self, SendCommand.self,
        SplitCommand.self, PendingCommand.self, HistoryCommand.self, HeadersCommand.self, ImportCommand.self, ReceiptCommand.self, BundleCommand.self, BackupCommand.self, KeysCommand.self,
        QRCommand.self, ScanCommand.self, SweepCommand.self, MessageCommand.self, CertCommand.self, VaultCommand.self, AuthCommand.self,
        CallCommand.self,
        MigrateCommand.self, WipeCommand.self, PolicyCommand.self, LabelCommand.self,
        CompletionCommand<SignerCommand>.self,
    ]
}
