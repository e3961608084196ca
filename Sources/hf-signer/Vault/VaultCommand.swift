import HFCommandLine
import HFSignerCore

/// `hf-signer vault`: the keyshare vault that holds the seeds.
struct VaultCommand: CommandGroup {
    static let name = "vault"
    static let abstract = "List, migrate and verify the keyshare vault that holds the seeds."
    static let discussion: String? = """
        Seeds live in one active vault, named by stable ids (wallet-<walletId>, never secrets). Kinds: encrypted \
        (default; AES-256-GCM items in signer.sqlite under the store passphrase), file (one 0600 file per id in \
        <home>/keyshares, 0700) and single-file (<home>/keyshares.vault, 0600). The file kinds are NOT encrypted: \
        only the file permissions and the machine's own protection keep the seeds. The active kind is the \
        preference vault.kind in signer.sqlite.
        """
    static let subcommands: [any Command.Type] = [
        VaultListCommand.self, VaultMigrateCommand.self, VaultVerifyCommand.self,
    ]
}
