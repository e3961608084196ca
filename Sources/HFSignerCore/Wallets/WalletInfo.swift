public import HFPrimitives
import HFStore
public import HFWallet

/// A wallet as the commands see it: the public facts of its row. The store reads the row typed (an unknown network or
/// derivation scheme is `DatabaseError.unknownValue`, naming the table and row, never a default).
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

    /// Where its BIP32 addresses are: ours (``BIP32Chains/standard``) or another application's (issue 32).
    /// - Throws: `SignerError.database(.unknownValue)` for a stored value no version writes (never a default).
    public var chains: BIP32Chains {
        get throws(SignerError) { try Self.chains(of: record) }
    }

    /// The chains `record` stores.
    /// - Throws: as ``chains``.
    static func chains(of record: WalletRecord) throws(SignerError) -> BIP32Chains {
        guard let text = record.bip32Chains else { return .standard }
        do { return try BIP32Chains(text: text) } catch {
            throw .database(.unknownValue(table: "wallets", row: record.walletID, value: text))
        }
    }

    init(_ record: WalletRecord) {
        network = record.network
        derivation = record.derivation
        walletID = record.walletID
        title = record.title
        identityKey = record.identityKey
        isDefault = record.isDefault
        createdAt = record.createdAt
        self.record = record
    }
}
