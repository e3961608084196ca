import HFCommandLine

/// `hf-signer sweep add|status|spend`: moving the coins of foreign private keys (paper wallets) into the wallet.
struct SweepCommand: CommandGroup {
    static let name = "sweep"
    static let abstract = "Import private keys to sweep, list their proven coins, and sweep them into the wallet."
    static let discussion: String? = """
        The flow: `sweep add` (or `scan` of a WIF) stores the key in the vault and writes a signed .hfsweep; \
        `hf-watcher import` of it watches the key's address, `sync` fetches its payments and `export receipts` \
        carries them; `import` of those receipts records them as sweep outputs (listed by `sweep status`, never \
        part of `balance`); `sweep spend` signs one transaction moving all of them to the next receive address; \
        once its receipt is imported, the swept amount is in the balance.
        """
    static let subcommands: [any Command.Type] = [SweepAddCommand.self, SweepStatusCommand.self, SweepSpendCommand.self]
}
