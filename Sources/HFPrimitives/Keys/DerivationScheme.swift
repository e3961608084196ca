/// How a wallet's receive and change keys are derived (docs/design.md §3).
public enum DerivationScheme: String, Sendable, CaseIterable, Codable {
    /// BIP44: `m/44'/236'/0'/c/n`.
    case bip44
    /// Type42: BRC-42 children of the master key with counterparty self, invoices `1-wallet-N` / `0-change-N`.
    /// The default for new wallets.
    case type42
}
