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
/// Version 2 adds two optional members: `labels` (`[{"label","ref","type"}]`, see ``WalletLabel``) and `gapLimit`
/// (1 to 1000, what `wallet rescan --gap` stored). Writers emit version 2 only when one of them is present; readers
/// accept 1 and 2, and refuse a version-1 document carrying them as unknown fields. Version 3 adds `pending` and
/// `answeredCalls` (see ``WalletPending``), written only when present.
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
    /// The wallet's labels (version 2), each (kind, reference) once, addresses on `network`.
    public let labels: [WalletLabel]
    /// The wallet's stored gap limit (version 2; nil when none was set).
    public let gapLimit: Int?
    /// The wallet's pending transactions and answered calls (version 3; none in versions 1 and 2).
    public let pending: WalletPending

    /// The versions readers accept.
    public static let readableVersions: ClosedRange<Int64> = 1...3

    /// The version `encoded()` writes, the lowest that holds what is present: 3 with pending transactions or
    /// answered calls, else 2 with labels or a gap limit, else 1.
    public var version: Int64 {
        if !pending.isEmpty { return 3 }
        return labels.isEmpty && gapLimit == nil ? 1 : 2
    }

    /// A document.
    /// - Throws: `BundleError.wrongLength` (path `walletId`), `.overLimit`/`.invalidText` (path `title`),
    ///   `.countOutOfRange` (paths `receipts`, `labels`), `.wrongNetwork` for a receipt of another network,
    ///   `.invalidAddress` for an address label of another network, `.duplicateEntry` (path `labels[i]`), or
    ///   `.outOfRange` (path `gapLimit`).
    public init(
        network: Network, walletID: [UInt8], title: String, derivationType: AddressScheme,
        createdAt: RFC3339Timestamp, addressIndexes: WalletAddressIndexes, receipts: [ReceiptBundle],
        labels: [WalletLabel] = [], gapLimit: Int? = nil, pending: WalletPending = .none
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
        try WalletLabel.checkList(labels, network: network)
        if let gapLimit, !BundleLimits.gapLimit.contains(gapLimit) {
            throw .outOfRange(path: "gapLimit", allowed: 1...Int64(BundleLimits.gapLimit.upperBound))
        }
        self.labels = labels
        self.gapLimit = gapLimit
        self.pending = try WalletPending(
            transactions: pending.transactions, answeredCalls: pending.answeredCalls, network: network)
    }
}
