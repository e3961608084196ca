/// Amounts as the human output writes them (`1.32654321 BSV (132,654,321 sat)`), built here independently of
/// `HFPrimitives.AmountText` so the CLI tests compare against text not made by the code under test.
public enum ExpectedAmount {
    /// `satoshis` as `W.F BSV (N sat)`: the fraction without trailing zeros, the satoshis grouped by commas.
    public static func bsv(_ satoshis: UInt64) -> String {
        let fraction = satoshis % 100_000_000
        var bsv = "\(satoshis / 100_000_000)"
        if fraction > 0 {
            var digits = Array(String(fraction + 100_000_000).dropFirst())
            while digits.last == "0" { digits.removeLast() }
            bsv += "." + String(digits)
        }
        return "\(bsv) BSV (\(sat(satoshis)) sat)"
    }

    /// `satoshis` grouped by commas: `132,654,321`.
    public static func sat(_ satoshis: UInt64) -> String {
        var groups: [String] = []
        var rest = satoshis
        repeat {
            let group = rest % 1000
            rest /= 1000
            groups.insert(rest > 0 ? String(String(group + 1000).dropFirst()) : "\(group)", at: 0)
        } while rest > 0
        return groups.joined(separator: ",")
    }
}
