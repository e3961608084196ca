public import HFBundles

/// What `export receipts` can carry to the signer: the receipts that verify on the watcher's best chain, and the
/// transactions it considered but cannot export, each with the reason.
public struct ReceiptExport: Sendable {
    /// A transaction not exported.
    public struct Skipped: Sendable, Equatable {
        /// The txid (display hex) as stored or as asked for.
        public let txid: String
        /// Why it was not exported.
        public let reason: Reason

        /// A skipped transaction from its parts.
        public init(txid: String, reason: Reason) {
            self.txid = txid
            self.reason = reason
        }
    }

    /// Why a transaction was not exported.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Its proof names block `blockHash` at `height`, which is not on the watcher's best chain now.
        case orphaned(height: Int, blockHash: String)
        /// Not mined as far as the watcher knows (asked for by txid).
        case unconfirmed
        /// The watcher holds no such transaction (asked for by txid).
        case unknown
        /// Confirmed, but its receipt cannot be built from what is stored: the sentence says why.
        case unusable(String)

        /// A stable name for scripts: `orphaned`, `unconfirmed`, `unknown`, `unusable`.
        public var code: String {
            switch self {
            case .orphaned: "orphaned"
            case .unconfirmed: "unconfirmed"
            case .unknown: "unknown"
            case .unusable: "unusable"
            }
        }

        /// A sentence saying why and what to do.
        public var description: String {
            switch self {
            case .orphaned(let height, let blockHash):
                "its block \(blockHash) at height \(height) is no longer on the watcher's best chain; it is shown as "
                    + "unconfirmed until that block returns or a sync finds it mined again"
            case .unconfirmed: "it is not mined yet; run sync once it is"
            case .unknown: "the watcher holds no such transaction; check the txid, or run sync"
            case .unusable(let why): "its receipt cannot be built: \(why)"
            }
        }
    }

    /// The receipts, in stored order (oldest block first).
    public let receipts: [ReceiptBundle]
    /// The transactions not exported, in stored order, then the unknown txids asked for.
    public let skipped: [Skipped]

    /// An export from its parts.
    public init(receipts: [ReceiptBundle], skipped: [Skipped]) {
        self.receipts = receipts
        self.skipped = skipped
    }
}
