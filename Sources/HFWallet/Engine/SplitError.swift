public import HFPrimitives

/// Why a UTXO could not be split.
public enum SplitError: Error, Equatable, Sendable {
    /// The number of outputs must be within `SplitBuilder.outputCountRange` (2…240); it was `count`.
    case outputCountOutOfRange(Int)
    /// The UTXO is protected (1 satoshi or an inscription) and is never spent as a plain coin.
    case protectedOutput(OutPoint)
    /// The UTXO is not locked by a plain P2PKH script, so the wallet cannot sign for it.
    case notP2PKH(OutPoint)
    /// The split needs `needed` fresh addresses but `given` were supplied.
    case notEnoughAddresses(needed: Int, given: Int)
    /// An address is on another network, repeated, or the lock time is not a height (see `PaymentError`).
    case invalidRequest(PaymentError)
    /// After the fee of `fee` satoshis each output would hold `perOutput`, below the dust limit `threshold`.
    case outputsWouldBeDust(perOutput: UInt64, fee: UInt64, threshold: UInt64)
}

extension SplitError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .outputCountOutOfRange(let count):
            "cannot split into \(count) outputs; choose between \(SplitBuilder.outputCountRange.lowerBound) and"
                + " \(SplitBuilder.outputCountRange.upperBound)"
        case .protectedOutput(let outpoint):
            "\(outpoint) is protected (a 1-satoshi or inscription output) and is never split; choose another coin"
        case .notP2PKH(let outpoint):
            "\(outpoint) is not a plain P2PKH output the wallet can sign for; choose another coin"
        case .notEnoughAddresses(let needed, let given):
            "the split needs \(needed) fresh addresses but \(given) were supplied; supply \(needed)"
        case .invalidRequest(let error): error.description
        case .outputsWouldBeDust(let perOutput, let fee, let threshold):
            "after the fee of \(AmountText.bsv(fee)) each output would hold \(AmountText.bsv(perOutput)), below "
                + "the dust limit of \(AmountText.bsv(threshold)); split into fewer outputs or choose a larger coin"
        }
    }
}
