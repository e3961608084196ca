public import HFPrimitives

/// An unspent output of an address, as WhatsOnChain's `unspent` endpoints list it (`tx_hash`, `tx_pos`, `value`,
/// `height`, `isSpentInMempoolTx`, `status`).
///
/// Mined outputs are listed even when a mempool transaction spends them (`isSpentInMempool`); mempool outputs only
/// while no other mempool transaction spends them.
public struct DevnetUnspentOutput: Hashable, Sendable {
    /// The output's outpoint (`tx_hash`, `tx_pos`).
    public let outpoint: OutPoint
    /// Its value in satoshis (`value`).
    public let satoshis: UInt64
    /// Its locking script.
    public let lockingScript: Script
    /// The height of its block, nil for a mempool output (WhatsOnChain writes 0).
    public let height: Int?
    /// Whether it is a coinbase output.
    public let isCoinbase: Bool
    /// Whether a mempool transaction spends it (`isSpentInMempoolTx`).
    public let isSpentInMempool: Bool

    /// An unspent output from its fields.
    public init(
        outpoint: OutPoint, satoshis: UInt64, lockingScript: Script, height: Int?, isCoinbase: Bool,
        isSpentInMempool: Bool
    ) {
        self.outpoint = outpoint
        self.satoshis = satoshis
        self.lockingScript = lockingScript
        self.height = height
        self.isCoinbase = isCoinbase
        self.isSpentInMempool = isSpentInMempool
    }

    /// Whether it is mined (`status` `"confirmed"`, else `"unconfirmed"`).
    public var isConfirmed: Bool { height != nil }
}
