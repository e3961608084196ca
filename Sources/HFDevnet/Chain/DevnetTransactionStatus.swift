/// Whether the devnet knows a transaction and where it is (WhatsOnChain `POST /txs/status`).
public enum DevnetTransactionStatus: Hashable, Sendable {
    /// Neither mined nor in the mempool (`"error":"unknown"`).
    case unknown
    /// In the mempool (`{txid}` only).
    case mempool
    /// Mined (`blockhash`, `blockheight`, `blocktime`, `confirmations`).
    case confirmed(DevnetConfirmation)

    /// The confirmation, if mined.
    public var confirmation: DevnetConfirmation? {
        if case .confirmed(let confirmation) = self { return confirmation }
        return nil
    }
}
