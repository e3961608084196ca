/// Which of a wallet's two key chains: receive (external) or change (internal).
public enum KeyChainKind: String, Sendable, CaseIterable, Codable {
    /// Addresses handed out to payers: BIP44 chain 0, Type42 invoices `1-wallet-N`.
    case receive
    /// Change outputs of the wallet's own transactions: BIP44 chain 1, Type42 invoices `0-change-N`.
    case change

    /// The BIP44 chain index `c` in `m/44'/236'/0'/c/n`.
    public var bip44Chain: UInt32 {
        switch self {
        case .receive: 0
        case .change: 1
        }
    }
}
