public import HFPrimitives

/// The wallet's unspent outputs, reconstructed from its locally held transactions (docs/requirements/wallet.md "UTXO Sync", docs/design.md §6).
///
/// Reconstruction makes two passes over the history, O(total inputs + outputs), and a third over pending
/// transactions only (for `pendingOutSatoshis`):
///
/// 1. The *outpoint-consumption index*: every outpoint spent by an input of a confirmed or pending transaction.
/// 2. Every output that pays the wallet (by the ownership function) and is not in the index: a spendable UTXO when
///    its transaction is confirmed, pending change when it is pending, unconfirmed value otherwise.
///
/// Removal is strict: an output leaves the set only when a transaction spending it is in the history (the wallet's
/// own signed transaction while pending, or a transaction confirmed on the best chain); nothing is removed because a service stopped
/// listing it. A txid listed twice counts once, in its strongest state (confirmed, pending, unconfirmed, cancelled):
/// a cancelled copy contributes nothing anyway, and two copies that consume show up as an outpoint spent twice.
public struct UTXOSet: Sendable {
    /// Confirmed outputs paying the wallet that nothing in the history spends, in history order (then by output
    /// index), protected ones included.
    public let utxos: [UTXO]

    /// Outputs of pending transactions paying the wallet (their change) that nothing spends; `height` is nil. Not
    /// offered to coin selection until the transaction confirms.
    public let pendingChange: [UTXO]

    /// The outpoint-consumption index: every outpoint spent by a confirmed or pending transaction of the history.
    public let consumed: Set<OutPoint>

    /// The sum of `utxos`, protected ones included.
    public let confirmedSatoshis: UInt64

    /// The part of `confirmedSatoshis` in protected UTXOs (1-satoshi outputs and inscriptions).
    public let protectedSatoshis: UInt64

    /// The number of protected UTXOs in `utxos`.
    public let protectedCount: Int

    /// The sum of `pendingChange`.
    public let pendingChangeSatoshis: UInt64

    /// What pending transactions take out of the wallet: for each pending transaction, the value of the wallet's
    /// outputs its inputs spend minus the value of its outputs paying the wallet (its change), counted as 0 if
    /// negative, summed over pending transactions. That is payments plus fees still on their way out; for a chain
    /// of pending transactions it adds up to the net outflow (intermediate change cancels out). The spent outputs
    /// are already absent from `utxos`, so this is shown beside the balance, never subtracted from it again.
    public let pendingOutSatoshis: UInt64

    /// Outputs of unconfirmed transactions paying the wallet that nothing spends: known, not spendable.
    public let unconfirmedSatoshis: UInt64

    // MARK: - Initializers

    /// Reconstructs the set from `transactions`, owning what `addresses` owns.
    public init(transactions: [WalletTransaction], addresses: OwnedAddresses) {
        self.init(transactions: transactions) { addresses.owner(of: $0) }
    }

    /// Reconstructs the set from `transactions`, with `owner` telling which wallet address a locking script pays
    /// (nil when not the wallet's).
    public init(transactions: [WalletTransaction], owner: (Script) -> DerivedAddress?) {
        // Pass 1: the consumption index, and separately what pending transactions spend. A txid listed twice (in
        // states that both consume) makes an outpoint spent twice, so only then is the history de-duplicated and
        // the index rebuilt: distinct histories pay nothing for the check.
        var history = transactions
        var (consumed, pendingSpent, isDistinct) = Self.consumptionIndex(history)
        if !isDistinct {
            history = Self.distinct(transactions)
            (consumed, pendingSpent, _) = Self.consumptionIndex(history)
        }
        // Pass 2: outputs paying the wallet.
        var tally = Tally()
        var ownedSpentByPending: [OutPoint: UInt64] = [:]
        var pendingReturned: [UInt64] = []
        for entry in history where entry.state != .cancelled {
            var returned: UInt64 = 0
            for (vout, output) in entry.transaction.outputs.enumerated() {
                guard let address = owner(output.lockingScript) else { continue }
                let outpoint = OutPoint(txid: entry.txid, vout: UInt32(vout))
                if entry.state == .pending { returned += output.satoshis }
                if !pendingSpent.isEmpty, pendingSpent.contains(outpoint) {
                    ownedSpentByPending[outpoint] = output.satoshis
                }
                guard !consumed.contains(outpoint) else { continue }
                tally.add(outpoint: outpoint, output: output, address: address, state: entry.state)
            }
            if entry.state == .pending { pendingReturned.append(returned) }
        }
        // Pass 3: the net outflow of pending transactions (only they and their inputs are visited).
        var pendingOut: UInt64 = 0
        var pendingIndex = 0
        for entry in history where entry.state == .pending {
            let spent = entry.transaction.inputs.reduce(UInt64(0)) {
                $0 + (ownedSpentByPending[$1.previousOutput] ?? 0)
            }
            let returned = pendingReturned[pendingIndex]
            pendingIndex += 1
            if spent > returned { pendingOut += spent - returned }
        }
        utxos = tally.confirmed
        pendingChange = tally.pending
        self.consumed = consumed
        confirmedSatoshis = tally.confirmedSatoshis
        protectedSatoshis = tally.protectedSatoshis
        protectedCount = tally.protectedCount
        pendingChangeSatoshis = tally.pendingSatoshis
        pendingOutSatoshis = pendingOut
        unconfirmedSatoshis = tally.unconfirmedSatoshis
    }

    // MARK: - Properties

    /// The UTXOs coin selection may use: confirmed, unspent, not protected, P2PKH.
    public var spendable: [UTXO] { utxos.filter(\.isSelectable) }

    /// The sum of `spendable`.
    public var spendableSatoshis: UInt64 { spendable.reduce(0) { $0 + $1.satoshis } }

    // MARK: - Methods

    /// Whether a transaction of the history spends `outpoint`.
    public func isConsumed(_ outpoint: OutPoint) -> Bool {
        consumed.contains(outpoint)
    }

    /// The consumption index of `history`, the outpoints its pending transactions spend, and whether no outpoint was
    /// spent twice by transactions that are not cancelled (false for repeated txids, conflicting spends, or several
    /// coinbase transactions).
    private static func consumptionIndex(
        _ history: [WalletTransaction]
    ) -> (consumed: Set<OutPoint>, pendingSpent: Set<OutPoint>, isDistinct: Bool) {
        var consumed = Set<OutPoint>()
        var pendingSpent = Set<OutPoint>()
        // Spent by unconfirmed transactions: they consume nothing, but a repeated txid among them must still be
        // found, so they take part in the distinctness check.
        var unconfirmedSpent = Set<OutPoint>()
        var isDistinct = true
        consumed.reserveCapacity(history.reduce(0) { $0 + $1.transaction.inputs.count })
        for entry in history where entry.state != .cancelled {
            let isPending = entry.state == .pending
            let consumes = entry.state.consumesInputs
            for input in entry.transaction.inputs {
                let outpoint = input.previousOutput
                if consumes {
                    if !consumed.insert(outpoint).inserted { isDistinct = false }
                    if !unconfirmedSpent.isEmpty, unconfirmedSpent.contains(outpoint) { isDistinct = false }
                } else if !unconfirmedSpent.insert(outpoint).inserted || consumed.contains(outpoint) {
                    isDistinct = false
                }
                if isPending { pendingSpent.insert(outpoint) }
            }
        }
        return (consumed, pendingSpent, isDistinct)
    }

    /// The history without repeated txids, each kept in its strongest state, in first-seen order.
    private static func distinct(_ transactions: [WalletTransaction]) -> [WalletTransaction] {
        var position: [Txid: Int] = [:]
        position.reserveCapacity(transactions.count)
        var result: [WalletTransaction] = []
        result.reserveCapacity(transactions.count)
        for entry in transactions {
            if let index = position[entry.txid] {
                if entry.state.precedence > result[index].state.precedence { result[index] = entry }
            } else {
                position[entry.txid] = result.count
                result.append(entry)
            }
        }
        return result
    }
}
