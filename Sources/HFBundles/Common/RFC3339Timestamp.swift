/// An RFC 3339 date-time as bundles carry it (`createdAt`, `observedAt`), kept as its exact text.
///
/// The text is kept byte for byte because it is part of signed data (the `.hfaddrpack` preimage) and of canonical
/// output: a bundle re-encodes to exactly what it was decoded from. Accepted form (RFC 3339 §5.6):
/// `YYYY-MM-DD` `T` `HH:MM:SS`, an optional fraction of 1…9 digits, then `Z` or `±HH:MM`; `t` and `z` may be lower
/// case, as the RFC allows. The date must exist (leap years included); second 60 is accepted only at minute 59 (a
/// leap second). Writers produce UTC with `Z` and whole seconds (`init(secondsSince1970:)`).
public struct RFC3339Timestamp: Hashable, Sendable, CustomStringConvertible {
    /// The text exactly as given.
    public let text: String

    /// The instant in whole seconds since 1970-01-01T00:00:00Z (the fraction dropped, the offset applied; a leap
    /// second counts as the second after :59).
    public let secondsSince1970: Int64

    // MARK: - Initializers

    /// Parses and validates `text`.
    /// - Throws: `RFC3339Error` for the first fault found.
    public init(_ text: String) throws(RFC3339Error) {
        let units = Array(text.utf8)
        guard units.count >= 20, units.count <= 35 else { throw .invalidSyntax }
        func digits(_ start: Int, _ count: Int) throws(RFC3339Error) -> Int64 {
            guard start + count <= units.count else { throw .invalidSyntax }
            var value: Int64 = 0
            for unit in units[start..<(start + count)] {
                guard unit >= UInt8(ascii: "0"), unit <= UInt8(ascii: "9") else { throw .invalidSyntax }
                value = value * 10 + Int64(unit - UInt8(ascii: "0"))
            }
            return value
        }
        func expect(_ index: Int, _ allowed: String) throws(RFC3339Error) {
            guard index < units.count, allowed.utf8.contains(units[index]) else { throw .invalidSyntax }
        }
        let (year, month, day) = (try digits(0, 4), try digits(5, 2), try digits(8, 2))
        try expect(4, "-")
        try expect(7, "-")
        try expect(10, "Tt")
        let (hour, minute, second) = (try digits(11, 2), try digits(14, 2), try digits(17, 2))
        try expect(13, ":")
        try expect(16, ":")
        var index = 19
        if units[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < units.count, units[index] >= UInt8(ascii: "0"), units[index] <= UInt8(ascii: "9") {
                index += 1
            }
            guard (1...9).contains(index - start) else { throw .invalidSyntax }
        }
        var offsetSeconds: Int64 = 0
        guard index < units.count else { throw .invalidSyntax }
        if units[index] == UInt8(ascii: "Z") || units[index] == UInt8(ascii: "z") {
            guard index + 1 == units.count else { throw .invalidSyntax }
        } else {
            try expect(index, "+-")
            guard index + 6 == units.count else { throw .invalidSyntax }
            try expect(index + 3, ":")
            let (offsetHour, offsetMinute) = (try digits(index + 1, 2), try digits(index + 4, 2))
            guard offsetHour <= 23, offsetMinute <= 59 else { throw .invalidOffset }
            offsetSeconds = (offsetHour * 60 + offsetMinute) * 60 * (units[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) else {
            throw .invalidDate
        }
        guard hour <= 23, minute <= 59, second <= 59 || (second == 60 && minute == 59) else { throw .invalidTime }
        self.text = text
        let days = CivilCalendar.days(year: year, month: month, day: day)
        secondsSince1970 = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    }

    /// The UTC time `secondsSince1970` rendered as `YYYY-MM-DDTHH:MM:SSZ`.
    /// - Throws: `RFC3339Error.outOfRange` outside the years 0000…9999.
    public init(secondsSince1970 seconds: Int64) throws(RFC3339Error) {
        let lowest = CivilCalendar.days(year: 0, month: 1, day: 1) * 86_400
        let highest = CivilCalendar.days(year: 10_000, month: 1, day: 1) * 86_400 - 1
        guard seconds >= lowest, seconds <= highest else { throw .outOfRange }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.civil(days: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        let time = "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        text = date + "T" + time + "Z"
        secondsSince1970 = seconds
    }

    // MARK: - Properties

    /// The text.
    public var description: String { text }
}
