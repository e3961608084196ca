public import HFHome
import HFSPV
public import HFPrimitives

/// The watcher session's use cases: what the executable calls instead of wiring services, chain and ledger itself.
extension WatcherSession {
    /// The session over an open `home` for `network`: its services from the home's configuration and its validated
    /// header chain (opened once, here).
    public static func open(home: WatcherHome, network: Network) throws(WatcherError) -> WatcherSession {
        WatcherSession(
            home: home, services: try WatcherServices(config: home.config(network: network), network: network),
            chain: try home.headerChain(network: network))
    }

    /// What one sync did.
    public struct SyncOutcome: Sendable {
        /// Headers validated and added to the chain.
        public let headersAdded: Int
        /// The validated tip after the sync.
        public let validatedTipHeight: Int
        /// Transactions stored, newly confirmed, or unmined again.
        public let transactions: Int
        /// Transactions whose transaction or proof did not verify (nothing stored for them).
        public let refused: [String]
        /// Stored transactions proved in a block that is not on the best chain now, with that block's height.
        public let orphaned: [(txid: String, height: Int)]
        /// Wallets with fewer than 5 unused watched receive addresses, with the count.
        public let shortOfAddresses: [(walletID: String, unused: Int)]
        /// The header providers' disagreements near the tip and lags (``HeaderSync/Outcome/notes``).
        public let headerNotes: [String]
        /// The reconciliation of the watched outpoints with WhatsOnChain's unspent listing, after the address sync
        /// and the adoption of wallet-unknown coins; nil when the listing failed (see `reconciliationSkipped`).
        public let reconciliation: OutpointReconciliation?
        /// Why the reconciliation was skipped (the unspent listing failed: 5xx, timeout, a body that does not
        /// decode); nil when it ran. The history sync before it stands: a failed cross-check removes nothing.
        public let reconciliationSkipped: String?
    }

    /// Syncs in the one safe order: the headers first (every header validated, a heavier branch followed), then the
    /// watched addresses (every transaction and proof verified against that chain before it is stored), then the
    /// reconciliation with the service's unspent listing (the transaction of each wallet-unknown outpoint fetched,
    /// verified and stored like any other; nothing removed; skipped with the reason when the listing fails), then the ledger derived from the chain as it is now.
    public func sync(
        headerProgress: (Int, Int) -> Void = { _, _ in }, addressProgress: (Int, Int) -> Void = { _, _ in }
    ) async throws(WatcherError) -> SyncOutcome {
        let headers = try await HeaderSync(
            services: services, chain: chain, conflict: HeaderSourceConflict(homePath: home.path, network: services.network)
        ).run(progress: headerProgress)
        let outcome = try await AddressSync(self).run(progress: addressProgress)
        var reconciled: UnspentReconciler.Outcome?
        var skipped: String?
        do {
            reconciled = try await UnspentReconciler(self).runAdoptingUnknown()
        } catch .service(let reason) {
            skipped = reason
        }
        let ledger = try WatchOnlyLedger(home: home, chain: chain)
        let unused = try WatchOnlyLedger.unusedAddresses(home: home, network: services.network)
        return SyncOutcome(
            headersAdded: headers.added, validatedTipHeight: chain.validatedTipHeight,
            transactions: outcome.transactions + (reconciled?.adopted.count ?? 0),
            refused: outcome.refused + (reconciled?.refused ?? []),
            orphaned: ledger.orphaned,
            shortOfAddresses: unused.filter { $0.1 < 5 }.map { (walletID: $0.0, unused: $0.1) },
            headerNotes: headers.notes, reconciliation: reconciled?.reconciliation, reconciliationSkipped: skipped)
    }
}

extension WatchOnlyLedger {
    /// The ledger of `network` in `home`, confirmation derived from the home's validated chain of that network.
    public init(home: WatcherHome, network: Network) throws(WatcherError) {
        try self.init(home: home, chain: try home.headerChain(network: network))
    }
}

extension ApplicationHome where Program == WatcherProgram {
    /// The validated tip height of `network`'s header chain (created on first use: `init`).
    public func validatedTipHeight(network: Network) throws(WatcherError) -> Int {
        try headerChain(network: network).validatedTipHeight
    }
}
