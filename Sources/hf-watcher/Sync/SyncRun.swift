import HFCommandLine
import HFPrimitives
import HFSPV
import HFWatcherCore

/// The shared work of `sync` and each `watch` poll.
enum SyncRun {
    struct Result: Encodable {
        let validatedTipHeight: Int
        let transactions: Int
    }

    static func run(_ session: WatcherSession, quiet: Bool) async throws(CommandError) -> Result {
        let added = try await watcherOperation { () async throws(WatcherError) in
            try await HeaderSync(services: session.services, chain: session.chain).run { tip, remote in
                if !quiet { Output.message("headers: validated to \(tip) of \(remote)") }
            }
        }
        let outcome = try await watcherOperation { () async throws(WatcherError) in
            try await AddressSync(session).run { done, total in
                if !quiet, total > 20, done % 20 == 0 { Output.message("addresses: \(done) of \(total)") }
            }
        }
        for txid in outcome.refused {
            Output.message("warning: \(txid): the service's transaction or proof does not verify; nothing was stored")
        }
        if !quiet {
            Output.message("headers: \(added) added; transactions: \(outcome.transactions) stored or confirmed")
            let ledger = try watcherOperation { () throws(WatcherError) in
                try WatchOnlyLedger(home: session.home, chain: session.chain)
            }
            for (txid, height) in ledger.orphaned {
                Output.message(
                    "warning: \(txid): its block at height \(height) left the watcher's best chain; it counts as "
                        + "unconfirmed until that block returns or it is mined again")
            }
        }
        try warnAboutAddresses(home: session.home, network: session.services.network)
        return Result(validatedTipHeight: session.chain.validatedTipHeight, transactions: outcome.transactions)
    }

    /// Fewer than 5 unused watched receive addresses: tell the user to export a new pack.
    static func warnAboutAddresses(home: WatcherHome, network: Network) throws(CommandError) {
        let unused = try watcherOperation { () throws(WatcherError) in
            try WatchOnlyLedger.unusedAddresses(home: home, network: network)
        }
        for (walletID, count) in unused where count < 5 {
            Output.message(
                "warning: wallet \(walletID.prefix(16)) has \(count) unused watched receive address\(count == 1 ? "" : "es"); "
                    + "export a new pack with `hf-signer export addrpack` and import it here")
        }
    }
}
