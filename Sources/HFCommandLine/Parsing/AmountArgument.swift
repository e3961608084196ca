/// An amount of money given on the command line, read into satoshis: the one parser every amount option uses.
///
/// The syntax (`man/hf-signer.1`, "AMOUNTS"):
///
/// - a bare whole number is satoshis, as scripts have always written it: `60000`;
/// - a number followed by `sat` or `sats` is satoshis: `60000sat`, `60000 sats`;
/// - a number followed by `BSV` is bitcoins, at most 8 decimal places, with a point: `0.0006BSV`, `0.0006 bsv`;
/// - the unit is case-insensitive and may be separated from the number by spaces;
/// - satoshis may be grouped by three digits with `,` or `_` (one kind per amount): `100,000sat`, `1_000_000`;
///   a BSV amount may not, because `1,000` is a thousand in one country and one in another;
/// - a bare decimal (`0.0003`) is refused, naming the satoshis it would mean as BSV: which unit was meant is not
///   guessed.
///
/// Refused, each with its own sentence: empty text, a negative amount, more than 8 decimal places, zero where the
/// option needs more, more than the 21 000 000 BSV that can exist, and anything else.
public enum AmountArgument {
    /// The most satoshis that can exist: 21 000 000 BSV.
    public static let maxSatoshis: UInt64 = 2_100_000_000_000_000
    /// Satoshis in one BSV.
    public static let satoshisPerBSV: UInt64 = 100_000_000

    /// Reads `text`, the value of `option`, as satoshis.
    /// - Parameters:
    ///   - text: the value as given.
    ///   - option: the option's name for the messages, such as `--amount`.
    ///   - allowsZero: whether 0 means something for this option (a cap of nothing), else 0 is refused.
    /// - Throws: `UsageError` (exit 64) saying what is wrong with the text.
    public static func satoshis(
        _ text: String, option: String, allowsZero: Bool = false
    ) throws(UsageError) -> UInt64 {
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else {
            throw UsageError("\(option) needs an amount, such as 60000 (satoshis), 60000sat or 0.0006BSV")
        }
        if trimmed.hasPrefix("-") {
            throw UsageError("\(option) cannot be negative, not '\(text)'")
        }
        let (number, unit) = split(trimmed)
        let value: UInt64
        switch unit?.lowercased() {
        case nil:
            if number.contains(".") {
                throw bareDecimal(number, option: option, text: text)
            }
            value = try wholeSatoshis(number, option: option, text: text)
        case "sat", "sats":
            if number.contains(".") {
                throw UsageError("\(option) \(trimmed) is not a whole number of satoshis")
            }
            value = try wholeSatoshis(number, option: option, text: text)
        case "bsv":
            value = try bsv(number, option: option, text: text)
        default:
            throw garbage(option: option, text: text)
        }
        guard value <= maxSatoshis else { throw tooMuch(option: option, text: text) }
        guard value > 0 || allowsZero else {
            throw UsageError("\(option) must be above 0, not '\(text)'")
        }
        return value
    }

    // MARK: - Pieces

    /// The number and the unit after it (nil when there is none), the spaces between them dropped.
    private static func split(_ text: String) -> (number: String, unit: String?) {
        guard let start = text.firstIndex(where: { $0.isLetter }) else { return (text, nil) }
        return (String(text[..<start]).trimmingSpaces(), String(text[start...]))
    }

    /// A whole number of satoshis: digits, optionally grouped by three with one kind of `,` or `_`.
    private static func wholeSatoshis(_ number: String, option: String, text: String) throws(UsageError) -> UInt64 {
        let digits = try ungrouped(number, option: option, text: text)
        guard let value = decimal(digits) else { throw garbage(option: option, text: text) }
        guard let satoshis = value else { throw tooMuch(option: option, text: text) }
        return satoshis
    }

    /// `number` without its grouping separators, checked: one kind of separator, every group three digits, the
    /// first one to three.
    private static func ungrouped(_ number: String, option: String, text: String) throws(UsageError) -> String {
        let separators = Set(number.filter { $0 == "," || $0 == "_" })
        guard let separator = separators.first else { return number }
        let groups = number.split(separator: separator, omittingEmptySubsequences: false)
        guard separators.count == 1, let first = groups.first, (1...3).contains(first.count),
            groups.dropFirst().allSatisfy({ $0.count == 3 })
        else {
            throw UsageError(
                "\(option) '\(text)': satoshis may be grouped by three digits with ',' or '_' (100,000 or 100_000); "
                    + "a fraction of a BSV is written with a point and the unit (0.5BSV)")
        }
        return groups.joined()
    }

    /// A BSV amount: digits, optionally a point and 1 to 8 decimal places.
    private static func bsv(_ number: String, option: String, text: String) throws(UsageError) -> UInt64 {
        if number.contains(",") || number.contains("_") {
            throw UsageError(
                "\(option) '\(text)': a BSV amount is written without grouping separators, with a point before "
                    + "its decimals (1000.5BSV)")
        }
        guard let parsed = bsvSatoshis(number) else { throw garbage(option: option, text: text) }
        switch parsed {
        case .tooManyDecimals:
            throw UsageError(
                "\(option) \(number)BSV has more than 8 decimal places; 1 satoshi is 0.00000001BSV")
        case .tooMuch:
            throw tooMuch(option: option, text: text)
        case .satoshis(let value):
            return value
        }
    }

    /// What a BSV number comes to.
    private enum BSVValue {
        case satoshis(UInt64)
        case tooManyDecimals
        case tooMuch
    }

    /// `number` (digits, optionally `.` and digits) as BSV in satoshis; nil when it is not such a number.
    private static func bsvSatoshis(_ number: String) -> BSVValue? {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty, parts.count == 1 || !parts[1].isEmpty,
            let wholeValue = decimal(String(parts[0]))
        else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let significant = fraction.reversed().drop(while: { $0 == "0" }).count
        guard significant <= 8 else { return .tooManyDecimals }
        guard let whole = wholeValue, whole <= maxSatoshis / satoshisPerBSV else { return .tooMuch }
        let padded = String(fraction.prefix(8)) + String(repeating: "0", count: max(0, 8 - fraction.count))
        guard let units = UInt64(padded) else { return nil }
        return .satoshis(whole * satoshisPerBSV + units)
    }

    /// The refusal of a bare decimal, naming the satoshis it would mean as BSV.
    private static func bareDecimal(_ number: String, option: String, text: String) -> UsageError {
        switch bsvSatoshis(number) {
        case .satoshis(let value):
            UsageError(
                "\(option) \(number) is not a whole number of satoshis; write \(number)BSV for \(value) satoshis")
        case .tooManyDecimals:
            UsageError(
                "\(option) \(number) is not a whole number of satoshis, and as BSV it has more than 8 decimal places")
        case .tooMuch:
            tooMuch(option: option, text: text)
        case nil:
            garbage(option: option, text: text)
        }
    }

    /// Digits only: `.some(nil)` when they are more than a `UInt64` holds; nil when not all are ASCII digits.
    private static func decimal(_ digits: String) -> UInt64?? {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return .some(UInt64(digits))
    }

    private static func tooMuch(option: String, text: String) -> UsageError {
        UsageError(
            "\(option) '\(text)' is more than the 21,000,000 BSV (2,100,000,000,000,000 satoshis) that can exist")
    }

    private static func garbage(option: String, text: String) -> UsageError {
        UsageError("\(option) must be an amount such as 60000 (satoshis), 60000sat or 0.0006BSV, not '\(text)'")
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    fileprivate func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
