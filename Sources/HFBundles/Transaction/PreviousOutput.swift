public import HFPrimitives

/// The output an input of a `.hftx` transaction spends: its outpoint, value and locking script.
///
/// The watcher needs these to send ARC the extended format (EF) and to check the fee.
public struct PreviousOutput: Hashable, Sendable {
    /// The txid of the transaction that created the output.
    public let txid: Txid
    /// The output's index in that transaction.
    public let vout: UInt32
    /// The output's value.
    public let satoshis: Amount
    /// The output's locking script (may be empty; at most 32 MiB).
    public let lockingScript: [UInt8]

    /// A previous output.
    /// - Throws: `BundleError.overLimit` (path `lockingScript`) for a script over 32 MiB.
    public init(txid: Txid, vout: UInt32, satoshis: Amount, lockingScript: [UInt8]) throws(BundleError) {
        guard lockingScript.count <= BundleLimits.maxRawTransactionBytes else {
            throw .overLimit(path: "lockingScript", limit: BundleLimits.maxRawTransactionBytes)
        }
        self.txid = txid
        self.vout = vout
        self.satoshis = satoshis
        self.lockingScript = lockingScript
    }
}
