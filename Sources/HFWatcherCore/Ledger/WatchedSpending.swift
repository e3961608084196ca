import HFPrimitives

/// The watcher's spending rule, derived from the stored transactions and their standings every time a ledger is
/// built (nothing stored says a coin is spent): the watch-only counterpart of the signer's `WalletLedger` rule
/// ("an outpoint is consumed only by a transaction confirmed on the best chain, or by the wallet's own signed
/// transaction while it is pending"). The watcher holds no signed transactions of its own; what it knows is in
/// flight is what the service reported unmined (the mempool; a `.hftx` it broadcast shows up there at the next
/// `sync`).
///
/// | stored transaction | consumes the outputs it spends | its outputs paying watched addresses |
/// |---|---|---|
/// | confirmed on the best chain | yes | listed, confirmed at its height |
/// | unconfirmed (reported unmined: money in flight) | yes, so nothing is shown spendable twice | listed, unconfirmed |
/// | orphaned (its block left the best chain), spending no watched output (a payment from outside) | no | listed, unconfirmed |
/// | orphaned, spending a watched output | no: the coin counts again, as it stands | set aside (the same money would count twice) |
/// | not confirmed, spending an outpoint a confirmed one spends (a double spend that lost) | no | set aside |
/// | not confirmed, spending an output of a transaction set aside | no | set aside |
///
/// Set aside is derived too: when an orphaned spend's block returns (or a sync proves it in another block) it is
/// confirmed and consumes again.
enum WatchedSpending {
    /// One stored transaction as the rule sees it.
    struct Item {
        let txid: Txid
        let transaction: Transaction
        let standing: WatchedStanding
    }

    /// For each of `items` (in order), nil when the ledger counts it, else why it is set aside. `watched` holds the
    /// outpoints of the stored outputs paying watched addresses.
    static func setAside(_ items: [Item], watched: Set<OutPoint>) -> [WatchOnlyLedger.SetAside?] {
        var confirmedSpends: [OutPoint: Txid] = [:]
        for item in items where item.standing.confirmedHeight != nil {
            for input in item.transaction.inputs { confirmedSpends[input.previousOutput] = item.txid }
        }
        var result: [WatchOnlyLedger.SetAside?] = items.map { item in
            guard item.standing.confirmedHeight == nil else { return nil }
            let spends = item.transaction.inputs.map(\.previousOutput)
            if let winner = spends.lazy.compactMap({ confirmedSpends[$0] }).first {
                return .doubleSpent(by: winner.displayHex)
            }
            if case .orphaned = item.standing, spends.contains(where: watched.contains) { return .orphanedSpend }
            return nil
        }
        // A transaction spending an output of one set aside is set aside too (its input does not exist here).
        let index = Dictionary(
            items.enumerated().map { ($0.element.txid, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var changed = true
        while changed {
            changed = false
            for (position, item) in items.enumerated()
            where result[position] == nil && item.standing.confirmedHeight == nil {
                let parent = item.transaction.inputs.lazy.map(\.previousOutput.txid).first { txid in
                    index[txid].map { result[$0] != nil } ?? false
                }
                if let parent {
                    result[position] = .spendsSetAside(parent.displayHex)
                    changed = true
                }
            }
        }
        return result
    }

    /// Whether a counted transaction of `standing` consumes the outputs it spends: unless its block left the chain.
    static func consumes(_ standing: WatchedStanding) -> Bool {
        if case .orphaned = standing { return false }
        return true
    }
}
