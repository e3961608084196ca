/// The size limits bundle readers and writers enforce (docs/design.md §4, plus the bounds this module chose where the design is
/// silent).
public enum BundleLimits {
    /// The largest bundle file, JSON or `.bep`: 64 MiB.
    public static let maxBundleBytes = 64 * 1024 * 1024

    /// The largest raw transaction in a `.hfreceipt` or `.hftx`: 32 MiB. (In a JSON bundle the hex text doubles
    /// it, so the 64 MiB file limit binds slightly earlier.)
    public static let maxRawTransactionBytes = 32 * 1024 * 1024

    /// The allowed number of headers in a `.hfheaders` run.
    public static let headerCount = 1...10_000

    /// The allowed number of entries in a `.hfaddrpack`.
    public static let addressPackEntryCount = 1...10_000

    /// The allowed number of presets in a `.hfprobe` or `.hfproberesult`.
    public static let probePresetCount = 1...32

    /// The allowed number of addresses of one chain of a `.hfprobe` preset.
    public static let probeChainAddressCount = 1...100

    /// The longest preset name of a `.hfprobe` or `.hfproberesult`, in bytes.
    public static let maxProbePresetNameBytes = 32

    /// The allowed number of addresses in a `.hfsweep`.
    public static let sweepAddressCount = 1...100

    /// The allowed number of previous outputs in a `.hftx` (one per input; at least one).
    public static let transactionInputCount = 1...100_000

    /// The allowed number of nodes in a TSC merkle proof (a tree of at most 2⁶⁴ leaves).
    public static let merkleProofNodeCount = 0...64

    /// The longest `reference` of an address pack entry, in UTF-8 bytes.
    public static let maxReferenceBytes = 128

    /// The allowed number of wallets in a backup document.
    public static let backupWalletCount = 1...1000

    /// The allowed number of receipts per wallet in a backup document.
    public static let backupReceiptCount = 0...100_000
    /// Sweep keys per wallet in a backup document (version 2).
    public static let backupSweepKeyCount = 0...10_000
    /// Pending (signed, not yet confirmed) transactions per wallet in a backup document (version 4) and a
    /// `.hfwallet` (version 3).
    public static let backupPendingCount = 0...10_000
    /// Answered BRC-100 calls (the "pays once" records) per wallet in a backup document (version 4) and a
    /// `.hfwallet` (version 3).
    public static let backupAnsweredCallCount = 0...100_000

    /// Labels per wallet in a backup document (version 3), a `.hfwallet` (version 2) and the signer's store.
    public static let walletLabelCount = 0...100_000

    /// The longest label, in UTF-8 bytes. BIP-329 sets no limit; 255 bytes keeps a label a short note.
    public static let maxLabelBytes = 255

    /// The gap limits a backup (version 3) or a `.hfwallet` (version 2) may carry, as `wallet rescan --gap` takes.
    public static let gapLimit = 1...1000

    /// The longest wallet title in a backup document, in UTF-8 bytes.
    public static let maxTitleBytes = 256
    /// The longest `bip32Chains` of a backup's wallet, in bytes (two paths of 255 levels of 12 characters fit).
    public static let maxBIP32ChainsBytes = 8192

    /// The longest BIP39 passphrase in a backup document, in UTF-8 bytes.
    public static let maxPassphraseBytes = 1024

    /// The allowed number of outputs in a `.hfpayreq`.
    public static let paymentRequestOutputCount = 1...100

    /// The largest locking script of a `.hfpayreq` output, in bytes.
    public static let maxPaymentScriptBytes = 10_000

    /// The longest paymail `reference` in a `.hfpayreq`, in UTF-8 bytes.
    public static let maxPaymentReferenceBytes = 256

    /// The length of a `.hfcall` call ID in bytes.
    public static let walletCallIDBytes = 16

    /// The largest `.hfcall` file: 8 MiB (a `createAction` may carry an application's input BEEF).
    public static let maxWalletCallBytes = 8 * 1024 * 1024

    /// The largest `.hfanswer` file: 8 MiB.
    public static let maxWalletAnswerBytes = 8 * 1024 * 1024

    /// The longest originator of a `.hfcall`, in bytes (a DNS name's limit).
    public static let maxOriginatorBytes = 253

    /// The longest refusal code of a `.hfanswer`, in bytes.
    public static let maxRefusalCodeBytes = 64

    /// The longest refusal description of a `.hfanswer`, in bytes.
    public static let maxRefusalDescriptionBytes = 1024

    /// The largest BSV block height and header-run position accepted (heights are 32-bit).
    public static let maxHeight = UInt32.max
}
