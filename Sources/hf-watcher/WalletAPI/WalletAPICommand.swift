import HFCommandLine

/// `hf-watcher wallet-api serve|pending|deliver`: the cold wallet as a BRC-100 wallet for this machine's applications.
struct WalletAPICommand: CommandGroup {
    static let name = "wallet-api"
    static let abstract = "Serve the BRC-100 wallet interface on 127.0.0.1; carry the calls that need a key to the signer."
    static let subcommands: [any Command.Type] = [
        WalletAPIServe.self, WalletAPIPending.self, WalletAPIDeliver.self, WalletAPIAllow.self, WalletAPIDisallow.self,
        WalletAPIAllowed.self,
    ]
}
