public import HFPrimitives

/// The DashSync layout inside the legacy keychain (docs/requirements/legacy-migration.md): the only code that knows these names.
public enum DashSyncLayout {
    /// The DashSync-owned keychain service.
    public static let service = "org.dashfoundation.dash"
    /// The prefix of a wallet's mnemonic account (`WALLET_MNEMONIC_KEY_<dashSyncWalletID>`).
    public static let mnemonicPrefix = "WALLET_MNEMONIC_KEY_"
    /// The prefix of a chain's wallet list (`CHAIN_WALLETS_KEY_<genesisShortHex>`).
    public static let chainListPrefix = "CHAIN_WALLETS_KEY_"
    /// The mainnet genesis short hex.
    public static let mainnetChain = "b67a40f"
    /// The testnet genesis short hex.
    public static let testnetChain = "2cbcf83"

    /// The network a chain suffix stands for; nil for unsupported chains (devnet, regtest, evonet, …).
    public static func network(ofChain suffix: String) -> Network? {
        switch suffix {
        case mainnetChain: .main
        case testnetChain: .test
        default: nil
        }
    }

    /// The DashSync wallet ID of a mnemonic account, or nil when `account` is not one.
    public static func walletID(fromMnemonicAccount account: String) -> String? {
        guard account.hasPrefix(mnemonicPrefix) else { return nil }
        let id = String(account.dropFirst(mnemonicPrefix.count))
        return id.isEmpty ? nil : id
    }

    /// The chain suffix of a chain-list account, or nil when `account` is not one.
    public static func chain(fromListAccount account: String) -> String? {
        guard account.hasPrefix(chainListPrefix) else { return nil }
        let suffix = String(account.dropFirst(chainListPrefix.count))
        return suffix.isEmpty ? nil : suffix
    }

    /// The mnemonic account of a DashSync wallet ID.
    public static func mnemonicAccount(_ walletID: String) -> String { mnemonicPrefix + walletID }
}
