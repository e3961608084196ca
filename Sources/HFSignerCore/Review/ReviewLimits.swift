/// The thresholds above which a review warns.
public struct ReviewLimits: Sendable, Equatable {
    /// The default absolute fee cap: 10,000 satoshis.
    public static let defaultMaxFee: UInt64 = 10_000
    /// The fee share of what leaves the wallet above which the review warns: 5%.
    public static let feeSharePercent: UInt64 = 5
    /// The size of a data output's script above which the review warns: 1 KB, taken as 1,000 bytes (as the
    /// 100 KB transaction ceiling is 100,000).
    public static let largeDataBytes = 1_000

    /// The standard limits (`--max-fee` not given).
    public static let standard = ReviewLimits(maxFee: defaultMaxFee)

    /// The absolute fee cap (`--max-fee`): a fee above it warns.
    public let maxFee: UInt64

    /// Limits with the fee cap `maxFee`.
    public init(maxFee: UInt64) {
        self.maxFee = maxFee
    }
}
