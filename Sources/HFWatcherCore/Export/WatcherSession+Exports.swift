public import HFPrimitives

/// `export receipts` and `export beef`: what the watcher verified, for the signer and for a receiver.
extension WatcherSession {
    /// The receipts of `network` in `home` at or above `since` (or only `txids` when given), verified against the
    /// home's validated chain; needs no service (``WatcherExport/receipts(home:chain:since:txids:)``).
    public static func receipts(
        home: WatcherHome, network: Network, since: Int?, txids: Set<String>
    ) throws(WatcherError) -> ReceiptExport {
        try WatcherExport.receipts(home: home, network: network, since: since, txids: txids)
    }

    /// The Atomic BEEF of `txid` with the proofs a receiver needs (``BeefExport/atomicBeef(of:)``).
    public func atomicBeef(of txid: Txid) async throws(WatcherError) -> AtomicBeef {
        try await BeefExport(self).atomicBeef(of: txid)
    }
}
