/// Why an `Amount` could not be made.
public enum AmountError: Error, Equatable, Sendable {
    /// The value is above `Amount.maxMoney` (21 million BSV).
    case exceedsMaxMoney
    /// A sum would exceed `Amount.maxMoney`.
    case overflow
    /// A difference would be negative.
    case underflow
    /// Decimal text is not of the form `digits` or `digits.digits` (no sign, spaces, exponent or separators), or is
    /// longer than `Amount.maxTextLength`.
    case invalidFormat
    /// Decimal text has more than 8 digits after the point (finer than one satoshi).
    case tooManyDecimals
}

extension AmountError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .exceedsMaxMoney: "the amount is above 21 million BSV"
        case .overflow: "the sum of the amounts is above 21 million BSV"
        case .underflow: "the amounts do not cover what is taken from them"
        case .invalidFormat:
            "the amount is not a plain decimal number of BSV (digits, optionally a point and up to 8 more digits)"
        case .tooManyDecimals: "the amount has more than 8 digits after the point (finer than one satoshi)"
        }
    }
}
