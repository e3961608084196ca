import HFPrimitives

/// Why no inputs could be chosen for a payment.
public enum CoinSelectionError: Error, Equatable, Sendable {
    /// No UTXO can be spent: there are none, or every one is protected (`protectedCount` of them), not P2PKH, or
    /// worth no more than the fee of spending it.
    case noSpendableOutputs(protectedCount: Int)
    /// The UTXOs the policy may use hold `spendable` satoshis, less than `needed`: the payment of `payment`
    /// satoshis plus a fee of `fee` for spending them all. `protected` satoshis sit in protected UTXOs that are
    /// never spent.
    case insufficientFunds(spendable: UInt64, needed: UInt64, payment: UInt64, fee: UInt64, protected: UInt64)
    /// Paying needs a transaction of `estimatedBytes` bytes, above the `limit` (100 KB): too many inputs.
    case exceedsSizeLimit(estimatedBytes: Int, limit: Int)
}

extension CoinSelectionError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .noSpendableOutputs(let protectedCount):
            protectedCount > 0
                ? "no spendable coins: all \(protectedCount) coins held are protected (1-satoshi or inscription"
                    + " outputs, never spent as plain coins); receive more BSV first"
                : "no spendable coins: the wallet holds no confirmed coins it can spend; import receipts of payments"
                    + " to it first"
        case .insufficientFunds(let spendable, let needed, let payment, let fee, let protected):
            "insufficient funds: \(AmountText.bsv(spendable)) is spendable but \(AmountText.bsv(needed)) is needed ("
                + "\(AmountText.bsv(payment)) to pay plus a fee of \(AmountText.bsv(fee)))"
                + (protected > 0 ? "; \(AmountText.bsv(protected)) in protected coins is never spent" : "")
                + "; send less or receive more"
        case .exceedsSizeLimit(let bytes, let limit):
            "the transaction would be \(bytes) bytes, above the \(limit)-byte limit, because it needs too many small"
                + " coins; send less, or first consolidate by sending part of the balance to one of your own"
                + " addresses"
        }
    }
}
