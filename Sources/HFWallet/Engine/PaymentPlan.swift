public import HFPrimitives

/// An unsigned transaction the wallet has built (a payment or a split), with everything needed to approve it, sign
/// it, export it (`.hftx` lists each input's source output) and record it.
public struct PaymentPlan: Hashable, Sendable {
    /// The unsigned transaction: empty unlocking scripts, every sequence `PaymentBuilder.lockTimeSequence`, lock
    /// time the height given by the caller.
    public let transaction: Transaction

    /// The UTXOs spent, in input order.
    public let inputs: [UTXO]

    /// The fee in satoshis (inputs minus outputs).
    public let fee: UInt64

    /// The satoshis sent to the requested outputs (recipients and data; for a split, all its outputs).
    public let amountSatoshis: UInt64

    /// The wallet's fresh addresses this transaction pays (change addresses, or a split's addresses), in output
    /// order, so the caller can advance its address indexes past them.
    public let usedAddresses: [DerivedAddress]

    /// The indices of the outputs paying `usedAddresses`, in the same order.
    public let walletOutputIndices: [Int]

    /// The signed size as estimated before signing (an upper bound; `fee` covers the rate at this size).
    public let estimatedSize: Int

    /// The selection policy that chose the inputs; nil for a split (its one input was chosen by the user).
    public let policy: SelectionPolicy?

    // MARK: - Properties

    /// The outputs the inputs spend, in input order (for signing and the `.hftx` inputs list).
    public var sourceOutputs: [TransactionOutput] { inputs.map(\.output) }

    /// The sum of the change outputs (0 for a split, whose outputs all count in `amountSatoshis`).
    public var changeSatoshis: UInt64 {
        inputs.reduce(0) { $0 + $1.satoshis } - amountSatoshis - fee
    }
}
