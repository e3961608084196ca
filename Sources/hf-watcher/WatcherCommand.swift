import HFCommandLine
import HFQRCommands

/// The root command of `hf-watcher`.
struct WatcherCommand: CommandGroup {
    static let name = "hf-watcher"
    static let abstract = "The online watcher of hf-airgap: follows the chain, exports proofs, broadcasts."
    static let discussion: String? = """
        hf-watcher holds no secrets. It watches the addresses of signed address packs, follows the chain through \
        WhatsOnChain, JungleBus and ARC (or an hf-devnet), verifies every header and proof with the same SPV core \
        as the signer, exports .hfheaders and .hfreceipt bundles for the signer, and broadcasts its .hftx files.
        """
    static let subcommands: [any Command.Type] = [
        WatcherInit.self, WatcherConfigCommand.self, WatcherImport.self, WatcherSyncCommand.self, WatcherWatch.self,
        WatcherExportCommand.self, WatcherBroadcastCommand.self, WatcherStatusCommand.self, WatcherBalance.self, WatcherHistory.self, WatcherUTXOs.self,
        WatcherReconcile.self, WatcherProbe.self,
        QRCommand.self, WatcherPaymailCommand.self, WatcherAuthCommand.self, WatcherCheckpointCommand.self,
        WalletAPICommand.self,
        CompletionCommand<WatcherCommand>.self,
    ]
}
