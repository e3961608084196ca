/// How long ago something happened, as a person says it: `just now`, `5 minutes ago`, `3 hours ago`, `2 days ago`
/// (hours up to two days, then days).
public enum AgeText {
    /// `seconds` elapsed as text. A span up to two hours negative reads `just now` (block times may run ahead of the
    /// clock by that much); more reads `in the future (is this machine's clock behind?)`.
    public static func ago(_ seconds: Int64) -> String {
        switch seconds {
        case ..<(-7_200): "in the future (is this machine's clock behind?)"
        case ..<60: "just now"
        case ..<3_600: plural(seconds / 60, "minute") + " ago"
        case ..<172_800: plural(seconds / 3_600, "hour") + " ago"
        default: plural(seconds / 86_400, "day") + " ago"
        }
    }

    private static func plural(_ count: Int64, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
}
