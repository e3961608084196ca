/// How a command names a wallet: `--wallet ID` (the full ID or an unambiguous prefix of at least 8 hex digits), else
/// the network's default wallet.
public enum WalletSelection: Sendable, Equatable {
    case id(String)
    case defaultWallet

    /// `--wallet` given or not.
    public init(_ option: String?) { self = option.map(Self.id) ?? .defaultWallet }
}
