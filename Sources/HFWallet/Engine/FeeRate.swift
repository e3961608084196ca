/// A fee rate: `satoshis` per `bytes` of serialized transaction, as ARC's policy quotes it.
///
/// The fee for a size is rounded **up** to a whole satoshi, so it is never below the rate; consequently any non-empty
/// transaction pays at least 1 satoshi unless the rate is 0 (`satoshis == 0`), which is allowed (some regtest or
/// direct-to-miner setups accept free transactions) and then gives a fee of 0.
public struct FeeRate: Hashable, Sendable, CustomStringConvertible {
    /// Satoshis per `bytes`.
    public let satoshis: UInt64

    /// The byte count the satoshis pay for; never 0.
    public let bytes: UInt64

    /// The default rate: 1 satoshi per 1000 bytes (the usual BSV miner policy).
    public static let standard = FeeRate(unchecked: 1, bytes: 1000)

    // MARK: - Initializers

    /// A rate of `satoshis` per `bytes`.
    ///
    /// - Throws: `FeeRateError.zeroBytes` when `bytes` is 0.
    public init(satoshis: UInt64, bytes: UInt64) throws(FeeRateError) {
        guard bytes > 0 else { throw .zeroBytes }
        self.satoshis = satoshis
        self.bytes = bytes
    }

    /// A rate known to be valid.
    private init(unchecked satoshis: UInt64, bytes: UInt64) {
        self.satoshis = satoshis
        self.bytes = bytes
    }

    // MARK: - Properties

    /// `"<satoshis> sat/<bytes> B"`.
    public var description: String { "\(satoshis) sat/\(bytes) B" }

    // MARK: - Methods

    /// The fee for `size` bytes: `⌈size × satoshis / bytes⌉`, saturating at `UInt64.max` (an absurd rate then
    /// simply cannot be paid).
    ///
    /// - Parameter size: a serialized size in bytes; negative sizes count as 0.
    public func fee(forSize size: Int) -> UInt64 {
        guard size > 0, satoshis > 0 else { return 0 }
        let (high, low) = UInt64(size).multipliedFullWidth(by: satoshis)
        let (roundedLow, carry) = low.addingReportingOverflow(bytes - 1)
        // high ≤ 2⁶⁴ − 2 for any product of two UInt64 values, so adding the carry cannot wrap.
        let roundedHigh = high + (carry ? 1 : 0)
        guard roundedHigh < bytes else { return .max }
        return bytes.dividingFullWidth((high: roundedHigh, low: roundedLow)).quotient
    }
}
