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
