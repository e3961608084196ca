public import HFBundles
import HFNetwork
import HFSPV

/// `export headers`: bundles of the validated chain for the signer, carrying the latest fee quote and the header
/// providers that agreed.
extension WatcherSession {
    /// The header bundles of one export, prepared: the sources checked and the fee quote fetched once, every bundle
    /// built from the session's validated chain on demand.
    public struct HeaderExport {
        /// The session's validated chain.
        let chain: HeaderChain
        /// The latest ARC fee quote, when the service answered.
        let feeQuote: FeeQuote?
        /// The header providers whose answers the last sync compared and found agreeing.
        let sources: [String]

        /// One bundle of at most `count` validated headers from `start`
        /// (``WatcherExport/headers(chain:from:count:feeQuote:sources:)``).
        public func bundle(from start: Int, count: Int) throws(WatcherError) -> HeadersBundle {
            try WatcherExport.headers(chain: chain, from: start, count: count, feeQuote: feeQuote, sources: sources)
        }

        /// The height ranges of the bundles carrying every validated header from `start` to the tip
        /// (``HeaderCatchUp/runs(chain:from:size:)``).
        public func runs(from start: Int) throws(WatcherError) -> [ClosedRange<Int>] {
            try HeaderCatchUp.runs(chain: chain, from: start)
        }

        /// The bundle of the validated headers at the heights of `run` (one of ``runs(from:)``).
        public func bundle(_ run: ClosedRange<Int>) throws(WatcherError) -> HeadersBundle {
            try WatcherExport.headers(chain: chain, run: run, feeQuote: feeQuote, sources: sources)
        }
    }

    /// Prepares a header export: refused while the last sync recorded a disagreement between the header providers
    /// deep below the tip; then the ARC fee quote is asked for once (left out when the service fails).
    ///
    /// - Throws: `WatcherError.rejected` while the providers disagree (``HeaderSourceConflict/requireNone()``).
    public func headerExport() async throws(WatcherError) -> HeaderExport {
        try HeaderSourceConflict(homePath: home.path, network: services.network).requireNone()
        let sources = HeaderSync.sources(services)
        return HeaderExport(chain: chain, feeQuote: await feeQuote(), sources: sources)
    }

    /// The latest ARC policy rate as a fee quote observed now; nil without ARC or when it does not answer.
    func feeQuote() async -> FeeQuote? {
        guard let arc = services.arc, let policy = try? await arc.policy(), let observed = try? RFC3339Timestamp.now()
        else { return nil }
        return try? FeeQuote(satoshis: policy.miningFee.satoshis, bytes: policy.miningFee.bytes, observedAt: observed)
    }
}
