/// The coin selector's answer: which UTXOs to spend, what change comes back, and the fee.
///
/// Invariant: `inputSatoshis == paymentSatoshis + change.reduce(0, +) + fee`.
public struct CoinSelection: Hashable, Sendable {
    /// The UTXOs to spend, in input order (the policy's order).
    public let inputs: [UTXO]

    /// The change outputs' values: none (change below the dust limit went to the fee), one, or two (smart change).
    public let change: [UInt64]

    /// The fee: at least the rate times `estimatedSize`, plus any change too small to keep.
    public let fee: UInt64

    /// The sum of the requested outputs.
    public let paymentSatoshis: UInt64

    /// The sum of `inputs`.
    public let inputSatoshis: UInt64

    /// The signed transaction's size as estimated (an upper bound), change outputs included.
    public let estimatedSize: Int

    /// The policy that chose the inputs.
    public let policy: SelectionPolicy

    /// Whether the fragmentation-aware policy's smallest-first order could not pay within its dust cap or the size
    /// ceiling, so the inputs were taken largest first instead.
    public let usedLargestFirstFallback: Bool
}
