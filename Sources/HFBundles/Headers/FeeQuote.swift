/// A fee rate the watcher observed (from ARC's policy): `satoshis` per `bytes`, as of `observedAt`.
public struct FeeQuote: Hashable, Sendable {
    /// The allowed range of `satoshis`: 0 up to 21 million BSV.
    public static let satoshisRange: ClosedRange<UInt64> = 0...2_100_000_000_000_000

    /// The allowed range of `bytes`.
    public static let bytesRange: ClosedRange<UInt64> = 1...UInt64(UInt32.max)

    /// The fee in satoshis for `bytes` bytes.
    public let satoshis: UInt64
    /// The size the fee is for, at least 1.
    public let bytes: UInt64
    /// When the rate was observed.
    public let observedAt: RFC3339Timestamp

    /// A quote of `satoshis` per `bytes`.
    /// - Throws: `BundleError.outOfRange` (paths `feeQuote.satoshis`, `feeQuote.bytes`) outside the ranges above.
    public init(satoshis: UInt64, bytes: UInt64, observedAt: RFC3339Timestamp) throws(BundleError) {
        guard Self.satoshisRange.contains(satoshis) else {
            throw .outOfRange(path: "feeQuote.satoshis", allowed: Self.int64(Self.satoshisRange))
        }
        guard Self.bytesRange.contains(bytes) else {
            throw .outOfRange(path: "feeQuote.bytes", allowed: Self.int64(Self.bytesRange))
        }
        self.satoshis = satoshis
        self.bytes = bytes
        self.observedAt = observedAt
    }

    /// A range of small unsigned values as `Int64`.
    static func int64(_ range: ClosedRange<UInt64>) -> ClosedRange<Int64> {
        Int64(range.lowerBound)...Int64(range.upperBound)
    }
}
