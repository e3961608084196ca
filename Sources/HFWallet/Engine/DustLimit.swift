/// When an amount is too small to be worth an output, or an input: the wallet's dust rules.
///
/// *Dust output*: below `threshold`, 546 satoshis (the long-standing P2PKH dust limit of Bitcoin nodes: three
/// times the 182-byte cost of creating and spending such an output at 1 sat/byte). BSV nodes today relay smaller
/// outputs, but the wallet keeps the limit for what it creates itself: change below it is added to the fee instead
/// (so the wallet never fragments itself or creates 1-satoshi coins that look like ordinals), and a split whose
/// outputs would fall below it is refused. Payments to others may be any positive amount: that is the payer's
/// choice.
///
/// *Dust input*: a selectable UTXO worth less than `threshold`. The coin selector caps how many of them one
/// transaction spends (10, or 50 under the fragmentation-aware policy). Separately, an input is *uneconomic* when
/// its value does not exceed the fee of the 148 bytes it adds; such inputs are never selected, whatever the policy.
public enum DustLimit {
    /// The smallest non-dust amount: 546 satoshis.
    public static let threshold: UInt64 = 546

    // MARK: - Methods

    /// Whether an output of `satoshis` would be dust (below `threshold`).
    public static func isDust(_ satoshis: UInt64) -> Bool {
        satoshis < threshold
    }

    /// Whether an input worth `satoshis` pays no more than its own marginal fee at `feeRate`.
    public static func isUneconomic(_ satoshis: UInt64, at feeRate: FeeRate) -> Bool {
        satoshis <= feeRate.fee(forSize: TransactionSize.p2pkhInput)
    }
}
