import HFCommandLine
import HFWallet

/// `hf-signer wallet`: the wallets of the selected network.
struct WalletCommand: CommandGroup {
    static let name = "wallet"
    static let abstract = "Create, import, list and choose wallets."
    static let subcommands: [any Command.Type] = [
        WalletCreateCommand.self, WalletImportCommand.self, WalletListCommand.self, WalletShowCommand.self,
        WalletDefaultCommand.self, WalletShowSeedCommand.self, WalletRemoveCommand.self, WalletRescanCommand.self,
        WalletMoveCommand.self, WalletProbeCommand.self,
    ]
}

/// The `--json` object of `wallet create`, `import` and `default`.
struct WalletSummary: Encodable {
    let walletId: String
    let title: String
    let network: String
    let derivation: String
    let chains: ChainPaths
}

/// A wallet's BIP32 chains in `--json`: `{"change":"m/44'/236'/0'/1","receive":"m/44'/236'/0'/0"}` (address N is the
/// chain's path followed by /N).
struct ChainPaths: Encodable {
    let receive: String
    let change: String

    init(_ chains: BIP32Chains) {
        receive = chains.receive.description
        change = chains.change.description
    }
}

extension BIP32Chains {
    /// ` on m/44'/0/0/N and m/44'/0/1/N` for chains other than ours, else nothing: the human lines' suffix.
    var humanSuffix: String { isStandard ? "" : " on \(receive)/N and \(change)/N" }
}
