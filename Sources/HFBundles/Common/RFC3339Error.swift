/// Why text is not an RFC 3339 date-time (`2026-11-30T12:34:56Z`, `2026-11-30T13:34:56.5+01:00`).
public enum RFC3339Error: Error, Hashable, Sendable {
    /// The text does not have the shape `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (1…9 fraction digits).
    case invalidSyntax
    /// The month is not 01…12, or the day does not exist in that month.
    case invalidDate
    /// The hour is not 00…23, the minute not 00…59, or the second not 00…59 (60 only at minute 59: a leap second).
    case invalidTime
    /// The offset's hour is not 00…23 or its minute not 00…59.
    case invalidOffset
    /// A time to render lies outside the years 0000…9999.
    case outOfRange
}

extension RFC3339Error: CustomStringConvertible {
    /// A sentence saying what is wrong with the date-time.
    public var description: String {
        switch self {
        case .invalidSyntax:
            "is not an RFC 3339 date-time such as 2026-11-30T12:34:56Z (up to 9 fraction digits, Z or ±HH:MM)"
        case .invalidDate: "names a month or day that does not exist"
        case .invalidTime: "has an hour, minute or second out of range"
        case .invalidOffset: "has a time-zone offset out of range"
        case .outOfRange: "lies outside the years 0000 to 9999"
        }
    }
}
