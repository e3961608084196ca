public import HFPrimitives
/// How far one key chain must be scanned or watched: indices `0..<end`.
///
/// `end = max(floor, lastUsed + 1 + gapLimit)`: at least `floor` (50) addresses, and `gapLimit` (20) unused ones
/// after the highest used index (docs/design.md §6). With no used address the range is the floor.
public struct DiscoveryRange: Hashable, Sendable {
    /// Unused addresses scanned past the last used one: 20.
    public static let gapLimit: UInt32 = 20

    /// The least number of addresses scanned per chain: 50.
    public static let floor: UInt32 = 50

    /// The widest gap a restored wallet may be given (`wallet rescan --gap`): 1,000 unused past the last used.
    public static let maximumGapLimit: UInt32 = 1_000

    /// The scheme of the chain.
    public let scheme: DerivationScheme

    /// Receive or change.
    public let chain: KeyChainKind

    /// The highest used index found, or nil if none.
    public let lastUsed: UInt32?

    /// One past the last index to scan or watch.
    public let end: UInt32

    /// Whether the scan stopped at the caller's limit before `gapLimit` unused addresses followed the last used one
    /// (the range is then incomplete and `end` is the limit).
    public let isTruncated: Bool

    // MARK: - Initializers

    /// The range of a chain whose highest used index is `lastUsed`.
    public init(scheme: DerivationScheme, chain: KeyChainKind, lastUsed: UInt32?) {
        self.init(scheme: scheme, chain: chain, lastUsed: lastUsed, limit: .max)
    }

    /// The range of a chain whose highest used index is `lastUsed`, cut at `limit`.
    init(scheme: DerivationScheme, chain: KeyChainKind, lastUsed: UInt32?, limit: UInt32) {
        self.scheme = scheme
        self.chain = chain
        self.lastUsed = lastUsed
        let wanted = Self.end(lastUsed: lastUsed)
        end = min(wanted, limit)
        isTruncated = wanted > limit
    }

    // MARK: - Properties

    /// The number of indices in the range.
    public var count: Int { Int(end) }

    // MARK: - Methods

    /// `max(floor, lastUsed + 1 + gapLimit)`, saturating at `UInt32.max`; `floor` when nothing is used.
    public static func end(lastUsed: UInt32?) -> UInt32 {
        guard let lastUsed else { return floor }
        let (past, overflow) = lastUsed.addingReportingOverflow(1 + gapLimit)
        return overflow ? .max : max(floor, past)
    }
}
