import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// The shared work of `sync` and each `watch` poll.
enum SyncRun {
    struct Result: Encodable {
        let validatedTipHeight: Int
        let transactions: Int
        /// Watched outpoints history and WhatsOnChain's unspent listing agree on (absent when skipped).
        let corroborated: Int?
        /// Outpoints in the history the listing disagrees with, still counted (absent when skipped).
        let provisional: Int?
        /// Outpoints the listing shows whose transaction no history held (absent when skipped).
        let walletUnknown: Int?
        /// Why the reconciliation was skipped (the unspent listing failed); absent when it ran.
        let reconciliationSkipped: String?
    }

    static func run(_ session: WatcherSession, quiet: Bool) async throws(CommandError) -> Result {
        let outcome = try await watcherOperation { () async throws(WatcherError) in
            try await session.sync(
                headerProgress: { tip, remote in if !quiet { Output.message("headers: validated to \(tip) of \(remote)") } },
                addressProgress: { done, total in
                    if !quiet, total > 20, done % 20 == 0 { Output.message("addresses: \(done) of \(total)") }
                })
        }
        for note in outcome.headerNotes { Output.message("warning: \(note)") }
        for txid in outcome.refused {
            Output.message("warning: \(txid): the service's transaction or proof does not verify; nothing was stored")
        }
        if !quiet {
            Output.message("headers: \(outcome.headersAdded) added; transactions: \(outcome.transactions) stored or confirmed")
            for (txid, height) in outcome.orphaned {
                Output.message(
                    "warning: \(txid): its block at height \(height) left the watcher's best chain; it counts as "
                        + "unconfirmed until that block returns or it is mined again")
            }
        }
        for (walletID, count) in outcome.shortOfAddresses {
            Output.message(
                "warning: wallet \(walletID.prefix(16)) has \(count) unused watched receive address\(count == 1 ? "" : "es"); "
                    + "export a new pack with `hf-signer export addrpack` and import it here")
        }
        let counts = outcome.reconciliation?.counts
        if let counts, !quiet {
            Output.message(
                "reconciliation: \(counts.corroborated) corroborated, \(counts.provisional) provisional, "
                    + "\(counts.walletUnknown) wallet-unknown (`hf-watcher reconcile` lists them)")
        }
        if let reason = outcome.reconciliationSkipped {
            Output.message(
                "warning: reconciliation skipped: the unspent listing failed (\(reason)); the history sync stands "
                    + "and nothing was removed; the next sync tries again")
        }
        return Result(
            validatedTipHeight: outcome.validatedTipHeight, transactions: outcome.transactions,
            corroborated: counts?.corroborated, provisional: counts?.provisional, walletUnknown: counts?.walletUnknown,
            reconciliationSkipped: outcome.reconciliationSkipped)
    }
}
