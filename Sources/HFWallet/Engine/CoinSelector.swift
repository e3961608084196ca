public import HFPrimitives

/// Chooses the UTXOs that pay for a set of outputs, the change and the fee (docs/design.md §6, docs/requirements/wallet.md).
///
/// Candidates are the selectable UTXOs (`UTXO.isSelectable`: never 1-satoshi outputs or inscriptions), minus the
/// uneconomic ones (`DustLimit.isUneconomic`). They are taken in the policy's order (largest or smallest value
/// first; equal values in the order given), skipping dust inputs once the policy's dust-input cap is reached, until
/// their sum pays the outputs and the fee of a transaction without change. Then the change is settled:
///
/// - one change output if what is left after its own fee is at least `DustLimit.threshold`, else none (the
///   remainder goes to the fee);
/// - *smart change* (normal policy only, and only when the payment is positive): if that single change would exceed
///   `smartChangeFactor` (10) times the payment, it is split into two outputs, the first taking the odd satoshi,
///   provided both halves stay at or above the dust limit after the extra output's fee.
///
/// The estimated signed size must not exceed `maximumSize` (100 KB = 100,000 bytes by default); this is checked
/// here, before anything is signed or approved. When the fragmentation-aware policy's smallest-first order cannot
/// pay (its dust cap keeps the smallest dust, not the largest) or would exceed the ceiling, the selector retries
/// largest first, which needs the fewest inputs any selection can have; it refuses only if that fails too.
public struct CoinSelector: Sendable {
    /// The rate fees are computed at.
    public let feeRate: FeeRate

    /// The largest estimated transaction size allowed, in bytes.
    public let maximumSize: Int

    /// The default size ceiling: 100 KB, taken as 100,000 bytes.
    public static let maximumTransactionSize = 100_000

    /// Change above this many times the payment is split in two under the normal policy: 10.
    public static let smartChangeFactor: UInt64 = 10

    // MARK: - Initializers

    /// A selector at `feeRate` with a size ceiling of `maximumSize` bytes.
    public init(feeRate: FeeRate = .standard, maximumSize: Int = maximumTransactionSize) {
        self.feeRate = feeRate
        self.maximumSize = maximumSize
    }

    // MARK: - Methods

    /// Chooses inputs among `utxos` to pay `outputs`.
    ///
    /// - Parameters:
    ///   - utxos: the wallet's UTXOs; protected, non-P2PKH and uneconomic ones are ignored.
    ///   - outputs: the outputs to pay (recipients and data), without change.
    ///   - policy: the policy; by default `SelectionPolicy.forUTXOs(utxos)`.
    /// - Throws: `CoinSelectionError.noSpendableOutputs`, `.insufficientFunds` or `.exceedsSizeLimit`.
    public func select(
        from utxos: [UTXO], paying outputs: [TransactionOutput], policy: SelectionPolicy? = nil
    ) throws(CoinSelectionError) -> CoinSelection {
        let policy = policy ?? SelectionPolicy.forUTXOs(utxos)
        let candidates = utxos.indices.filter { utxos[$0].isSelectable && !isUneconomic(utxos[$0]) }
        guard !candidates.isEmpty else {
            throw .noSpendableOutputs(protectedCount: utxos.reduce(0) { $0 + ($1.isProtected ? 1 : 0) })
        }
        let shape = OutputShape(outputs)
        var paid = accumulate(
            order(candidates, in: utxos, smallestFirst: policy.smallestFirst), in: utxos, shape: shape,
            cap: policy.dustInputCap)
        var settled = paid.paid ? settle(paid, in: utxos, shape: shape, policy: policy, fallback: false) : nil
        if policy.smallestFirst, (settled?.estimatedSize ?? .max) > maximumSize {
            paid = accumulate(
                order(candidates, in: utxos, smallestFirst: false), in: utxos, shape: shape, cap: policy.dustInputCap)
            settled = paid.paid ? settle(paid, in: utxos, shape: shape, policy: policy, fallback: true) : nil
        }
        guard let settled else {
            let fee = feeRate.fee(forSize: shape.size(inputs: paid.chosen.count, extraOutputs: 0))
            let (needed, overflow) = shape.satoshis.addingReportingOverflow(fee)
            throw .insufficientFunds(
                spendable: paid.total, needed: overflow ? .max : needed, payment: shape.satoshis, fee: fee,
                protected: utxos.reduce(0) { $0 + ($1.isProtected ? $1.satoshis : 0) })
        }
        guard settled.estimatedSize <= maximumSize else {
            throw .exceedsSizeLimit(estimatedBytes: settled.estimatedSize, limit: maximumSize)
        }
        return settled
    }

    /// Whether `utxo` is worth no more than the fee of spending it.
    private func isUneconomic(_ utxo: UTXO) -> Bool {
        DustLimit.isUneconomic(utxo.satoshis, at: feeRate)
    }

    /// Candidate indices sorted by value (ascending or descending), ties in their original order.
    private func order(_ candidates: [Int], in utxos: [UTXO], smallestFirst: Bool) -> [Int] {
        candidates.sorted { left, right in
            let a = utxos[left].satoshis
            let b = utxos[right].satoshis
            if a != b { return smallestFirst ? a < b : a > b }
            return left < right
        }
    }
}
