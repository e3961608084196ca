/// One transaction entry of a BEEF: a full transaction (optionally proven by one of the BEEF's BUMPs), or, in V2
/// only, a bare txid the sender asserts the receiver already holds as valid.
public struct BeefTransaction: Hashable, Sendable {
    /// The transaction's id (`hash256(rawTx)` for a full entry).
    public let txid: Txid
    /// The parsed transaction, or nil for a txid-only entry.
    public let transaction: Transaction?
    /// The serialized transaction exactly as carried, or nil for a txid-only entry.
    public let rawTx: [UInt8]?
    /// The index of the BUMP that proves it, or nil.
    public let bumpIndex: Int?

    // MARK: - Initializers

    /// A full entry from a serialized transaction, parsed strictly.
    /// - Parameters:
    ///   - rawTx: the transaction in the plain (not extended) format.
    ///   - bumpIndex: the BUMP proving it, if any.
    /// - Throws: `TransactionError`.
    public init(rawTx: [UInt8], bumpIndex: Int? = nil) throws(TransactionError) {
        transaction = try Transaction(bytes: rawTx)
        txid = Txid(hashing: rawTx)
        self.rawTx = rawTx
        self.bumpIndex = bumpIndex
    }

    /// A full entry from a transaction.
    public init(transaction: Transaction, bumpIndex: Int? = nil) {
        let raw = transaction.serialized
        self.transaction = transaction
        txid = Txid(hashing: raw)
        rawTx = raw
        self.bumpIndex = bumpIndex
    }

    /// A txid-only entry (V2 format 2).
    public init(txidOnly txid: Txid) {
        self.txid = txid
        transaction = nil
        rawTx = nil
        bumpIndex = nil
    }

    // MARK: - Properties

    /// Whether the entry carries only a txid.
    public var isTxidOnly: Bool { rawTx == nil }

    /// The txids whose outputs this transaction spends, in input order, without repeats (none for txid-only).
    public var parentTxids: [Txid] {
        var seen: Set<Txid> = []
        return (transaction?.inputs ?? []).compactMap { input in
            seen.insert(input.previousOutput.txid).inserted ? input.previousOutput.txid : nil
        }
    }
}
