public import HFPrimitives
import HFStore
public import HFWallet

/// A wallet as the commands see it: the public facts of its row, typed. A stored value that no version writes (an
/// unknown network or derivation scheme) is an error naming the table and row, never a default.
public struct WalletInfo: Sendable, Equatable {
    /// The wallet ID (64 hex).
    public let walletID: String
    public let network: Network
    public let title: String
    /// The scheme of its new addresses.
    public let derivation: DerivationScheme
    /// The compressed identity public key (66 hex).
    public let identityKey: String
    /// Whether it is the default wallet of its network.
    public let isDefault: Bool
    /// RFC 3339.
    public let createdAt: String
    /// The row.
    let record: WalletRecord

    init(_ record: WalletRecord) throws(SignerError) {
        guard let network = Network(rawValue: record.network) else {
            throw .corruptRecord(table: "wallets", row: record.walletID, reason: "unknown network '\(record.network)'")
        }
        guard let derivation = DerivationScheme(rawValue: record.derivation) else {
            throw .corruptRecord(
                table: "wallets", row: record.walletID, reason: "unknown derivation scheme '\(record.derivation)'")
        }
        walletID = record.walletID
        self.network = network
        title = record.title
        self.derivation = derivation
        identityKey = record.identityKey
        isDefault = record.isDefault
        createdAt = record.createdAt
        self.record = record
    }
}
