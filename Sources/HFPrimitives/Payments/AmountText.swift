/// Amounts as a person reads them: BSV with the satoshis beside it, `1.32654321 BSV (132,654,321 sat)`.
public enum AmountText {
    /// `satoshis` as `B.BBBBBBBB BSV (N sat)`, trailing zeros of the fraction dropped (`0.5 BSV (50,000,000 sat)`,
    /// `0 BSV (0 sat)`).
    public static func bsv(_ satoshis: UInt64) -> String {
        let whole = satoshis / 100_000_000
        var fraction = String(satoshis % 100_000_000)
        fraction = String(repeating: "0", count: 8 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole)\(fraction.isEmpty ? "" : "." + fraction) BSV (\(grouped(satoshis)) sat)"
    }

    /// A signed amount: `+0.0015 BSV (150,000 sat)`, `-0.00060001 BSV (60,001 sat)`, `0 BSV (0 sat)`.
    public static func signed(_ satoshis: Int64) -> String {
        satoshis == 0 ? bsv(0) : (satoshis > 0 ? "+" : "-") + bsv(satoshis.magnitude)
    }

    /// `value` with a comma every three digits: `132,654,321`.
    public static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
