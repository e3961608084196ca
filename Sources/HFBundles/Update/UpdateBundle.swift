public import HFPrimitives

/// A `.hfupdate` bundle: everything one wallet's signer lacks by the state it last sent, in one file
/// (`hf-watcher export update`): the header runs from just above the last block both chains share to the watcher's
/// validated tip, the receipts of the wallet's payments and spends the signer does not hold, the latest fee quote,
/// and — when the wallet's activity comes near the end of what its packs cover — the indexes the watcher saw used,
/// so the signer's next bundle carries a pack reaching further.
///
/// Each nested header run and receipt is a whole `.hfheaders` / `.hfreceipt` object and gets every check the
/// separate bundle gets when the signer imports it.
public struct UpdateBundle: Hashable, Sendable {
    /// A chain index the watcher saw used (by a payment it knows of, confirmed or not).
    public struct UsedIndex: Hashable, Sendable {
        /// The scheme.
        public let scheme: AddressScheme
        /// The chain.
        public let chain: PackChain
        /// The highest index used on it.
        public let index: UInt32

        /// A used index from its parts.
        public init(scheme: AddressScheme, chain: PackChain, index: UInt32) {
            self.scheme = scheme
            self.chain = chain
            self.index = index
        }
    }

    /// The network.
    public let network: Network
    /// The wallet the update is for.
    public let walletID: [UInt8]
    /// When the watcher wrote it.
    public let createdAt: RFC3339Timestamp
    /// Consecutive header runs, lowest first (may be empty).
    public let headers: [HeadersBundle]
    /// Receipts, in block order (may be empty).
    public let receipts: [ReceiptBundle]
    /// The latest fee rate the watcher saw, if any.
    public let feeQuote: FeeQuote?
    /// The pack-extension request: the highest used index per chain, where it comes within the gap limit of the
    /// pack's end (empty: no request).
    public let usedIndexes: [UsedIndex]

    /// The allowed number of header runs (10,000 headers each).
    public static let headerRunCount = 0...100
    /// The allowed number of receipts.
    public static let receiptCount = 0...100_000

    /// An update from its parts.
    /// - Throws: `BundleError` for a count out of range, a part on another network, runs that do not follow each
    ///   other, or a wallet ID that is not 32 bytes.
    public init(
        network: Network, walletID: [UInt8], createdAt: RFC3339Timestamp, headers: [HeadersBundle],
        receipts: [ReceiptBundle], feeQuote: FeeQuote?, usedIndexes: [UsedIndex]
    ) throws(BundleError) {
        guard walletID.count == 32 else { throw .wrongLength(path: "walletId", expected: 32, actual: walletID.count) }
        guard Self.headerRunCount.contains(headers.count) else {
            throw .countOutOfRange(path: "headers", count: headers.count, allowed: Self.headerRunCount)
        }
        guard Self.receiptCount.contains(receipts.count) else {
            throw .countOutOfRange(path: "receipts", count: receipts.count, allowed: Self.receiptCount)
        }
        for (index, run) in headers.enumerated() {
            if run.network != network { throw .wrongNetwork(expected: network, found: run.network) }
            if index > 0 {
                let previous = headers[index - 1]
                guard run.startHeight == previous.endHeight + 1, run.checkpoint == previous.checkpoint else {
                    throw .invalidValue(
                        path: "headers[\(index)].startHeight", allowed: ["\(previous.endHeight + 1), after the run before"])
                }
            }
        }
        for receipt in receipts where receipt.network != network {
            throw .wrongNetwork(expected: network, found: receipt.network)
        }
        guard usedIndexes.count <= 4 else {
            throw .countOutOfRange(path: "usedIndexes", count: usedIndexes.count, allowed: 0...4)
        }
        self.network = network
        self.walletID = walletID
        self.createdAt = createdAt
        self.headers = headers
        self.receipts = receipts
        self.feeQuote = feeQuote
        self.usedIndexes = usedIndexes
    }

    /// The first and last height the header runs hold, or nil when there are none.
    public var headerRange: ClosedRange<UInt32>? {
        guard let first = headers.first, let last = headers.last else { return nil }
        return first.startHeight...last.endHeight
    }
}
