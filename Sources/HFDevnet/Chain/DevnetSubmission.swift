public import HFPrimitives

/// What ARC answers about an accepted (or already known) transaction: `POST /v1/tx` with 200, `GET /v1/tx/{txid}`.
public struct DevnetSubmission: Hashable, Sendable {
    /// ARC `txStatus` values the devnet produces.
    public enum Status: String, Hashable, Sendable {
        /// In the mempool.
        case seenOnNetwork = "SEEN_ON_NETWORK"
        /// In a block.
        case mined = "MINED"
    }

    /// The transaction (`txid`).
    public let txid: Txid
    /// `txStatus`.
    public let txStatus: Status
    /// The block, when mined (`blockHash`, `blockHeight`; ARC writes `""` and 0 before).
    public let confirmation: DevnetConfirmation?
    /// The BRC-74 BUMP of the transaction in its block, when mined (`merklePath` hex; `""` before).
    public let merklePath: MerklePath?
    /// True when the devnet already had the transaction (ARC then answers 200 with the stored status).
    public let alreadyKnown: Bool

    /// A submission result from its fields.
    public init(
        txid: Txid, txStatus: Status, confirmation: DevnetConfirmation?, merklePath: MerklePath?, alreadyKnown: Bool
    ) {
        self.txid = txid
        self.txStatus = txStatus
        self.confirmation = confirmation
        self.merklePath = merklePath
        self.alreadyKnown = alreadyKnown
    }

    /// The block hash, when mined.
    public var blockHash: BlockHash? { confirmation?.blockHash }
    /// The block height, when mined.
    public var blockHeight: Int? { confirmation?.height }
}
