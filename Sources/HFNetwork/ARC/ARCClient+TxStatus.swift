extension ARCClient {
    /// An ARC `txStatus` value (docs/reference/provider-apis.md §3.9). Names outside ARC's enum (which some SDKs invent, or a newer
    /// ARC may add) are kept as they are and count as neither success nor failure: keep polling.
    public struct TxStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The name as ARC writes it, e.g. `SEEN_ON_NETWORK`.
        public let rawValue: String

        /// A status from its name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name.
        public var description: String { rawValue }

        /// Not known to ARC.
        public static let unknown = TxStatus(rawValue: "UNKNOWN")
        /// Queued for processing.
        public static let queued = TxStatus(rawValue: "QUEUED")
        /// Received by ARC.
        public static let received = TxStatus(rawValue: "RECEIVED")
        /// Stored by ARC.
        public static let stored = TxStatus(rawValue: "STORED")
        /// Announced to the network.
        public static let announcedToNetwork = TxStatus(rawValue: "ANNOUNCED_TO_NETWORK")
        /// Requested by a peer.
        public static let requestedByNetwork = TxStatus(rawValue: "REQUESTED_BY_NETWORK")
        /// Sent to a peer.
        public static let sentToNetwork = TxStatus(rawValue: "SENT_TO_NETWORK")
        /// Accepted by a peer.
        public static let acceptedByNetwork = TxStatus(rawValue: "ACCEPTED_BY_NETWORK")
        /// In an orphan mempool: its parents are missing.
        public static let seenInOrphanMempool = TxStatus(rawValue: "SEEN_IN_ORPHAN_MEMPOOL")
        /// In the network's mempool.
        public static let seenOnNetwork = TxStatus(rawValue: "SEEN_ON_NETWORK")
        /// A competing transaction spends the same outputs (see `competingTxs`).
        public static let doubleSpendAttempted = TxStatus(rawValue: "DOUBLE_SPEND_ATTEMPTED")
        /// Rejected by the network (see `extraInfo`).
        public static let rejected = TxStatus(rawValue: "REJECTED")
        /// Mined in a block that left the best chain; it may be mined again.
        public static let minedInStaleBlock = TxStatus(rawValue: "MINED_IN_STALE_BLOCK")
        /// Mined (with `blockHash`, `blockHeight` and `merklePath`).
        public static let mined = TxStatus(rawValue: "MINED")

        /// The statuses on the way to the mempool.
        private static let progressing: Set<TxStatus> = [
            queued, received, stored, announcedToNetwork, requestedByNetwork, sentToNetwork, acceptedByNetwork,
        ]

        /// Whether the transaction is accepted: progressing, in the mempool, or mined.
        public var isSuccess: Bool { Self.progressing.contains(self) || self == .seenOnNetwork || self == .mined }

        /// Whether ARC reports a problem: orphan, double spend, rejected, or mined in a stale block.
        public var isFailure: Bool {
            [.seenInOrphanMempool, .doubleSpendAttempted, .rejected, .minedInStaleBlock].contains(self)
        }
    }
}
