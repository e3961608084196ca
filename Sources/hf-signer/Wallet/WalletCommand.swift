import HFCommandLine

/// `hf-signer wallet`: the wallets of the selected network.
struct WalletCommand: CommandGroup {
    static let name = "wallet"
    static let abstract = "Create, import, list and choose wallets."
    static let subcommands: [any Command.Type] = [
        WalletCreateCommand.self, WalletImportCommand.self, WalletListCommand.self, WalletShowCommand.self,
        WalletDefaultCommand.self, WalletShowSeedCommand.self, WalletRemoveCommand.self, WalletRescanCommand.self,
    ]
}

/// The `--json` object of `wallet create`, `import` and `default`.
struct WalletSummary: Encodable {
    let walletId: String
    let title: String
    let network: String
    let derivation: String
}
