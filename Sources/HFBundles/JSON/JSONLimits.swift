/// Bounds the strict JSON parser enforces before and while parsing, so that hostile input costs bounded time and
/// memory.
public struct JSONLimits: Hashable, Sendable {
    /// The largest input accepted, in bytes; checked before any parsing.
    public var maxBytes: Int

    /// The deepest nesting of arrays and objects; the top-level value is depth 1.
    public var maxDepth: Int

    /// The most values (of any kind, object keys included) one document may hold. This bounds memory: a 64 MiB file
    /// of `[0,0,0,…]` would otherwise become 32 million values.
    public var maxValues: Int

    /// Limits with the given bounds.
    public init(maxBytes: Int, maxDepth: Int, maxValues: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }

    /// The limits for bundles: 64 MiB (docs/design.md §4), depth 32, two million values.
    public static let bundle = JSONLimits(maxBytes: 64 * 1024 * 1024, maxDepth: 32, maxValues: 2_000_000)
}
