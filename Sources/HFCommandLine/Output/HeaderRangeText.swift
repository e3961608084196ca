/// A run of block headers as a person reads it: `header 103` for one, `headers 2 to 102` for several (never the
/// `103…103` of a range of one).
public enum HeaderRangeText {
    /// The headers from `lower` to `upper`, both included.
    public static func headers(_ lower: some BinaryInteger, _ upper: some BinaryInteger) -> String {
        lower == upper ? "header \(lower)" : "headers \(lower) to \(upper)"
    }
}
