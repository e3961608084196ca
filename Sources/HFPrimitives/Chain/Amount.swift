/// A non-negative quantity of BSV, held as whole satoshis (1 BSV = 100 000 000 satoshis).
///
/// The invariant `satoshis ≤ maxMoney` holds for every value; arithmetic is checked and throws instead of wrapping.
/// `description` and `bsvString` always show 8 decimals, and `init(bsv:)` parses the same notation.
/// Encodes with `Codable` as a JSON integer number of satoshis.
public struct Amount: Hashable, Comparable, Sendable, Codable {
    /// The number of satoshis, at most `maxMoney`.
    public let satoshis: UInt64

    /// Satoshis in one BSV.
    public static let satoshisPerBSV: UInt64 = 100_000_000

    /// The largest valid amount in satoshis: 21 000 000 BSV.
    public static let maxMoney: UInt64 = 21_000_000 * satoshisPerBSV

    /// The longest decimal text `init(bsv:)` accepts, checked before parsing.
    public static let maxTextLength = 32

    /// Zero satoshis.
    public static let zero = Amount(unchecked: 0)

    /// The largest valid amount, `maxMoney` satoshis.
    public static let max = Amount(unchecked: maxMoney)

    // MARK: - Initializers

    /// An amount of `satoshis`.
    /// - Throws: `AmountError.exceedsMaxMoney` above `maxMoney`.
    public init(satoshis: UInt64) throws(AmountError) {
        guard satoshis <= Self.maxMoney else { throw .exceedsMaxMoney }
        self.satoshis = satoshis
    }

    /// Wraps a value already known to be within range.
    private init(unchecked satoshis: UInt64) {
        self.satoshis = satoshis
    }

    /// Parses a decimal number of BSV such as `"0.00001234"`, `"21000000"` or `"1.5"`.
    ///
    /// Accepted form: one or more ASCII digits, optionally followed by `.` and 1 to 8 digits. Leading zeros are
    /// allowed; signs, whitespace, thousands separators, exponents, a bare `.`, and the `BSV` unit are not.
    /// - Parameter text: the decimal text, at most `maxTextLength` characters.
    /// - Throws: `AmountError.invalidFormat`, `.tooManyDecimals` or `.exceedsMaxMoney`.
    public init(bsv text: String) throws(AmountError) {
        let units = Array(text.utf8)
        guard !units.isEmpty, units.count <= Self.maxTextLength else { throw .invalidFormat }
        let point = units.firstIndex(of: UInt8(ascii: "."))
        let whole = units[..<(point ?? units.count)]
        let fraction = point.map { units[($0 + 1)...] } ?? []
        guard !whole.isEmpty, point == nil || !fraction.isEmpty else { throw .invalidFormat }
        guard Self.allDigits(whole), Self.allDigits(fraction) else { throw .invalidFormat }
        guard fraction.count <= 8 else { throw .tooManyDecimals }
        let wholeValue = Self.saturatingValue(whole)
        let fractionValue = Self.saturatingValue(fraction)
        var scale: UInt64 = 1
        for _ in fraction.count..<8 { scale *= 10 }
        guard wholeValue <= Self.maxMoney / Self.satoshisPerBSV else { throw .exceedsMaxMoney }
        try self.init(satoshis: wholeValue * Self.satoshisPerBSV + fractionValue * scale)
    }

    // MARK: - Properties

    /// The amount in BSV with exactly 8 decimals and no unit, e.g. `"0.00001234"` or `"21000000.00000000"`.
    public var bsvString: String {
        let whole = satoshis / Self.satoshisPerBSV
        let fraction = String(satoshis % Self.satoshisPerBSV)
        return "\(whole)." + String(repeating: "0", count: 8 - fraction.count) + fraction
    }

    // MARK: - Methods

    /// `self + other`.
    /// - Throws: `AmountError.overflow` if the sum exceeds `maxMoney`.
    public func adding(_ other: Amount) throws(AmountError) -> Amount {
        // Both are ≤ maxMoney < 2^63, so the sum cannot wrap.
        let sum = satoshis + other.satoshis
        guard sum <= Self.maxMoney else { throw .overflow }
        return Amount(unchecked: sum)
    }

    /// `self - other`.
    /// - Throws: `AmountError.underflow` if `other` is larger.
    public func subtracting(_ other: Amount) throws(AmountError) -> Amount {
        guard other.satoshis <= satoshis else { throw .underflow }
        return Amount(unchecked: satoshis - other.satoshis)
    }

    /// The sum of `amounts`, zero for none.
    /// - Throws: `AmountError.overflow` if the total exceeds `maxMoney`.
    public static func sum(_ amounts: some Sequence<Amount>) throws(AmountError) -> Amount {
        var total = Amount.zero
        for amount in amounts { total = try total.adding(amount) }
        return total
    }

    /// Orders by number of satoshis.
    public static func < (lhs: Amount, rhs: Amount) -> Bool {
        lhs.satoshis < rhs.satoshis
    }

    /// Whether every code unit is an ASCII digit.
    private static func allDigits(_ units: ArraySlice<UInt8>) -> Bool {
        units.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The value of ASCII digits (0 for none), saturating at `UInt64.max`.
    private static func saturatingValue(_ digits: ArraySlice<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for unit in digits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(unit - UInt8(ascii: "0")))
            if o1 || o2 { return .max }
            value = sum
        }
        return value
    }
}

// MARK: - Codable

extension Amount {
    /// Decodes a JSON integer number of satoshis.
    /// - Throws: `DecodingError.dataCorrupted` above `maxMoney`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(UInt64.self)
        guard value <= Self.maxMoney else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "amount exceeds 21 000 000 BSV")
        }
        self.init(unchecked: value)
    }

    /// Encodes as a JSON integer number of satoshis.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(satoshis)
    }
}

// MARK: - CustomStringConvertible

extension Amount: CustomStringConvertible {
    /// The amount in BSV with 8 decimals and the unit, e.g. `"0.00001234 BSV"`.
    public var description: String { bsvString + " BSV" }
}
