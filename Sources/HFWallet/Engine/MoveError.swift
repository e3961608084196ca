import HFPrimitives

/// Why a move of every coin (`MoveBuilder`) cannot be planned.
public enum MoveError: Error, Equatable, Sendable {
    /// The wallet has no confirmed coin a move may spend; `protectedCount` protected outputs holding
    /// `protectedSatoshis` stay (they are never moved).
    case nothingToMove(protectedCount: Int, protectedSatoshis: UInt64)
    /// The move needs `needed` fresh addresses but `given` were supplied.
    case notEnoughAddresses(needed: Int, given: Int)
    /// An address is on another network, repeated, or the lock time is not a height (see `PaymentError`).
    case invalidRequest(PaymentError)
    /// The transaction would be about `estimatedSize` bytes, above `limit`.
    case tooLarge(estimatedSize: Int, limit: Int)
    /// The `total` to move does not cover the fee plus the dust limit.
    case belowDust(total: UInt64, fee: UInt64, dustLimit: UInt64)
}

extension MoveError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .nothingToMove(let count, let satoshis):
            count == 0
                ? "the wallet has no confirmed spendable coin to move"
                : "the wallet has no confirmed spendable coin to move; its \(count) protected output"
                    + (count == 1 ? "" : "s") + " (1-satoshi or inscription, \(AmountText.bsv(satoshis))) "
                    + (count == 1 ? "is" : "are") + " never moved"
        case .notEnoughAddresses(let needed, let given):
            "the move needs \(needed) fresh addresses but \(given) were supplied"
        case .invalidRequest(let error): error.description
        case .tooLarge(let size, let limit):
            "moving every coin would take a transaction of about \(size) bytes, over the \(limit)-byte limit; "
                + "consolidate with `send` to the wallet's own address first"
        case .belowDust(let total, let fee, let dust):
            "the \(AmountText.bsv(total)) to move does not cover the fee of \(AmountText.bsv(fee)) plus the dust "
                + "limit of \(AmountText.bsv(dust))"
        }
    }
}
