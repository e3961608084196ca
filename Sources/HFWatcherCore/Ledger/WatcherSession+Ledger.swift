import HFNetwork
public import HFPrimitives

/// The ledger's use cases: `balance`, `history` and `utxos` need only the home (the ledger is derived from the stored
/// rows and the validated chain; no service is configured or asked, except the ordinals indexer by `unspent` when a
/// 1-satoshi output needs it), `reconcile` needs the session's services.
extension WatcherSession {
    /// The watch-only balance of `network` in `home` (``WatchOnlyLedger/balance``).
    public static func balance(home: WatcherHome, network: Network) throws(WatcherError) -> WatchOnlyLedger.Balance {
        try WatchOnlyLedger(home: home, network: network).balance
    }

    /// The stored transactions of `network` in `home`, confirmed ones by block height first
    /// (``WatchOnlyLedger/history``).
    public static func history(home: WatcherHome, network: Network) throws(WatcherError) -> [WatchOnlyLedger.Entry] {
        try WatchOnlyLedger(home: home, network: network).history
    }

    /// The unspent outputs paying watched addresses of `network` in `home`, each 1-satoshi output's ordinal state
    /// answered by the configured ordinals indexer when its script alone does not settle it (``WatchedOrdinals``).
    ///
    /// - Throws: `WatcherError.configuration` when the indexer must be asked and the services cannot be built from
    ///   the configuration; `.database` or `.headerStorage` when the ledger cannot be read.
    public static func unspent(
        home: WatcherHome, network: Network
    ) async throws(WatcherError) -> [WatchOnlyLedger.Output] {
        let ledger = try WatchOnlyLedger(home: home, network: network)
        guard ledger.unspent.contains(where: { $0.ordinal == .unknown }) else { return ledger.unspent }
        let services = try WatcherServices(config: home.config(network: network), network: network)
        return await WatchedOrdinals.resolve(ledger, indexer: services.ordinals).unspent
    }

    /// Compares the ledger's unspent outputs with WhatsOnChain's unspent listing; stores and removes nothing
    /// (``UnspentReconciler/run()``).
    public func reconcile() async throws(WatcherError) -> OutpointReconciliation {
        try await UnspentReconciler(self).run()
    }
}
