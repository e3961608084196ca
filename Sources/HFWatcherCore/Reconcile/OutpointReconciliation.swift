/// The reconciliation of docs/requirements/wallet.md ("UTXO Sync"): the watcher's own UTXO set (rebuilt from the verified transactions it holds, the
/// authority) set beside an external unspent listing (WhatsOnChain `/unspent`, a corroboration only).
///
/// Every outpoint lands in exactly one of three lists:
/// - `corroborated`: the history holds it unspent and the listing shows it unspent with the same value;
/// - `provisional`: the history holds it unspent and the listing disagrees (absent, another value, or spent by a
///   mempool transaction). It stays spendable: absence from a service never removes anything;
/// - `walletUnknown`: the listing shows it and its transaction is in no history the watcher holds.
///
/// A listed outpoint whose transaction the watcher holds but counts spent (or not paying a watched address) is in
/// no list: the watcher has positive evidence and the listing does not outweigh it. The partition is pure: it reads
/// its inputs and changes nothing.
public struct OutpointReconciliation: Encodable, Sendable, Equatable {
    /// One outpoint as either side knows it.
    public struct Outpoint: Encodable, Sendable, Hashable {
        /// The transaction (display hex).
        public let txid: String
        /// The output index.
        public let vout: UInt32
        /// The value in satoshis.
        public let satoshis: UInt64
        /// The address it pays.
        public let address: String
        /// Whether a mempool transaction spends it (the listing's `isSpentInMempoolTx`; false for history).
        public let isSpentInMempool: Bool

        /// An outpoint from its parts.
        public init(txid: String, vout: UInt32, satoshis: UInt64, address: String, isSpentInMempool: Bool = false) {
            self.txid = txid
            self.vout = vout
            self.satoshis = satoshis
            self.address = address
            self.isSpentInMempool = isSpentInMempool
        }

        /// `txid:vout`.
        public var key: String { "\(txid):\(vout)" }

        /// The JSON member names (the mempool flag is folded into the reason).
        private enum CodingKeys: String, CodingKey {
            case txid, vout, satoshis, address
        }
    }

    /// An outpoint in one of the lists, with why it is there (nil when corroborated).
    public struct Entry: Encodable, Sendable, Equatable {
        /// The outpoint (the history's view when the history holds it, else the listing's).
        public let outpoint: Outpoint
        /// Why it is provisional or wallet-unknown; nil when corroborated.
        public let reason: String?

        /// An entry from its parts.
        public init(_ outpoint: Outpoint, reason: String?) {
            self.outpoint = outpoint
            self.reason = reason
        }

        /// The JSON member names.
        private enum CodingKeys: String, CodingKey {
            case txid, vout, satoshis, address, reason
        }

        /// `{"address","reason"?,"satoshis","txid","vout"}` (numbers as numbers; no reason when corroborated).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(outpoint.txid, forKey: .txid)
            try container.encode(outpoint.vout, forKey: .vout)
            try container.encode(outpoint.satoshis, forKey: .satoshis)
            try container.encode(outpoint.address, forKey: .address)
            try container.encodeIfPresent(reason, forKey: .reason)
        }
    }

    /// The reason of a wallet-unknown outpoint before its transaction has been looked at.
    public static let notInHistory = "listed unspent by the service; its transaction is in no history the watcher holds"

    /// History and listing agree.
    public let corroborated: [Entry]
    /// In the history, the listing disagrees; still counted.
    public let provisional: [Entry]
    /// In the listing only.
    public let walletUnknown: [Entry]

    /// Partitions the outpoints; each list is sorted by txid, then vout.
    /// - Parameters:
    ///   - history: the watcher's unspent outputs, rebuilt from the transactions it holds.
    ///   - knownTxids: every transaction the watcher holds (display hex), spent or not.
    ///   - listed: the service's unspent outputs of the watched addresses.
    public init(history: [Outpoint], knownTxids: Set<String>, listed: [Outpoint]) {
        var listing: [String: Outpoint] = [:]
        for outpoint in listed where listing[outpoint.key] == nil { listing[outpoint.key] = outpoint }
        var corroborated: [Entry] = []
        var provisional: [Entry] = []
        var held: Set<String> = []
        for outpoint in history where held.insert(outpoint.key).inserted {
            if let reason = Self.disagreement(outpoint, listing[outpoint.key]) {
                provisional.append(Entry(outpoint, reason: reason))
            } else {
                corroborated.append(Entry(outpoint, reason: nil))
            }
        }
        var unknown: [Entry] = []
        for outpoint in listing.values where !held.contains(outpoint.key) && !knownTxids.contains(outpoint.txid) {
            unknown.append(Entry(outpoint, reason: Self.notInHistory))
        }
        self.corroborated = Self.sorted(corroborated)
        self.provisional = Self.sorted(provisional)
        walletUnknown = Self.sorted(unknown)
    }

    /// Lists given as they are (for a caller that refines reasons, e.g. after fetching a wallet-unknown coin).
    public init(corroborated: [Entry], provisional: [Entry], walletUnknown: [Entry]) {
        self.corroborated = corroborated
        self.provisional = provisional
        self.walletUnknown = walletUnknown
    }

    /// `{"corroborated":N,"provisional":N,"walletUnknown":N}` for `sync --json`.
    public var counts: Counts {
        Counts(corroborated: corroborated.count, provisional: provisional.count, walletUnknown: walletUnknown.count)
    }

    /// The three list sizes.
    public struct Counts: Encodable, Sendable, Equatable {
        /// Outpoints both sides agree on.
        public let corroborated: Int
        /// Outpoints only the history holds (or holds differently).
        public let provisional: Int
        /// Outpoints only the listing shows.
        public let walletUnknown: Int

        /// Counts from their parts.
        public init(corroborated: Int, provisional: Int, walletUnknown: Int) {
            self.corroborated = corroborated
            self.provisional = provisional
            self.walletUnknown = walletUnknown
        }
    }

    /// Why the listing's view of a held outpoint disagrees with the history's, or nil when it agrees.
    private static func disagreement(_ held: Outpoint, _ listed: Outpoint?) -> String? {
        guard let listed else { return "the service does not list it unspent" }
        if listed.satoshis != held.satoshis {
            return "the service lists it with \(listed.satoshis) satoshis, the history with \(held.satoshis)"
        }
        if listed.isSpentInMempool { return "the service reports a mempool transaction spending it" }
        return nil
    }

    /// By txid, then vout.
    private static func sorted(_ entries: [Entry]) -> [Entry] {
        entries.sorted { ($0.outpoint.txid, $0.outpoint.vout) < ($1.outpoint.txid, $1.outpoint.vout) }
    }
}
