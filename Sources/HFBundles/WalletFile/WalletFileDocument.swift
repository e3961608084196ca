public import HFPrimitives

/// The plaintext of an encrypted wallet file: one wallet's non-secret state, for the user's own sync between
/// homes that share the vault key.
///
/// ```
/// {"format":"hf-walletfile","version":1,"network":"main","walletId":"<64 hex>","title":"…",
///  "derivationType":"type42","createdAt":"<RFC 3339>",
///  "addressIndexes":{"bip44":{"change":0,"receive":0},"type42":{"change":2,"receive":5}},
///  "receipts":[<.hfreceipt objects>]}
/// ```
///
/// Addresses are not listed: they follow from the indexes and the keys. No secret is in it (no phrase, no key).
public struct WalletFileDocument: Hashable, Sendable {
    /// The wallet's network; every receipt is on it.
    public let network: Network
    /// The 32-byte wallet ID.
    public let walletID: [UInt8]
    /// The wallet's title.
    public let title: String
    /// The scheme of new addresses.
    public let derivationType: AddressScheme
    /// When the file was written.
    public let createdAt: RFC3339Timestamp
    /// The address indexes in use, per scheme.
    public let addressIndexes: WalletAddressIndexes
    /// The receipts the wallet holds.
    public let receipts: [ReceiptBundle]

    /// A document.
    /// - Throws: `BundleError.wrongLength` (path `walletId`), `.overLimit`/`.invalidText` (path `title`),
    ///   `.countOutOfRange` (path `receipts`), `.wrongNetwork` for a receipt of another network.
    public init(
        network: Network, walletID: [UInt8], title: String, derivationType: AddressScheme,
        createdAt: RFC3339Timestamp, addressIndexes: WalletAddressIndexes, receipts: [ReceiptBundle]
    ) throws(BundleError) {
        guard walletID.count == 32 else { throw .wrongLength(path: "walletId", expected: 32, actual: walletID.count) }
        self.title = try JSONField(value: .string(title), path: FieldPath(text: "title"))
            .text(maxBytes: BundleLimits.maxTitleBytes, allowEmpty: true)
        guard BundleLimits.backupReceiptCount.contains(receipts.count) else {
            throw .countOutOfRange(path: "receipts", count: receipts.count, allowed: BundleLimits.backupReceiptCount)
        }
        for receipt in receipts where receipt.network != network {
            throw .wrongNetwork(expected: network, found: receipt.network)
        }
        self.network = network
        self.walletID = walletID
        self.derivationType = derivationType
        self.createdAt = createdAt
        self.addressIndexes = addressIndexes
        self.receipts = receipts
    }
}
