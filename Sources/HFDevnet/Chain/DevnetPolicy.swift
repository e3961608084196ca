/// The devnet's relay policy: what `GET /v1/policy` reports and what the mempool enforces.
///
/// **Fee rule.** A transaction of `size` bytes (its plain serialization, never the extended format) must pay at least
/// `ceil(size × miningFeeSatoshis / miningFeeBytes)` satoshis, where the fee is the sum of the outputs it spends minus
/// the sum of its outputs. With the default `1 sat / 1000 bytes`, every started kilobyte costs one satoshi: a 191-byte
/// one-input transaction needs 1 sat, a 1001-byte one needs 2, and a fee of 0 is always refused. This is how ARC's fee
/// model (go-sdk `SatoshisPerKilobyte`) rounds. A policy with `miningFeeSatoshis == 0` accepts any fee ≥ 0.
public struct DevnetPolicy: Hashable, Sendable {
    /// The numerator of the fee rate: satoshis per `miningFeeBytes` bytes (ARC `miningFee.satoshis`).
    public var miningFeeSatoshis: UInt64
    /// The denominator of the fee rate, in bytes (ARC `miningFee.bytes`); at least 1.
    public var miningFeeBytes: UInt64
    /// The largest transaction accepted, in bytes (ARC `maxtxsizepolicy`).
    public var maxTxSizePolicy: Int
    /// The largest locking script an output may have, in bytes (ARC `maxscriptsizepolicy`).
    public var maxScriptSizePolicy: Int
    /// Reported as ARC `maxtxsigopscountspolicy`; not enforced (P2PKH spends have one signature operation each).
    public var maxTxSigopsCountPolicy: UInt64
    /// Whether plain (non-extended) transactions are accepted; when false they are refused with ARC 460, as an ARC
    /// that cannot look parents up does (ARC `standardFormatSupported`).
    public var standardFormatSupported: Bool

    // MARK: - Initializers

    /// A policy; the defaults are those of TAAL's public ARC (1 sat / 1000 bytes, 10 MB transactions, 500 kB scripts).
    /// - Precondition: `miningFeeBytes > 0`.
    public init(
        miningFeeSatoshis: UInt64 = 1, miningFeeBytes: UInt64 = 1000, maxTxSizePolicy: Int = 10_000_000,
        maxScriptSizePolicy: Int = 500_000, maxTxSigopsCountPolicy: UInt64 = 4_294_967_295,
        standardFormatSupported: Bool = true
    ) {
        precondition(miningFeeBytes > 0, "DevnetPolicy: miningFeeBytes must be positive")
        self.miningFeeSatoshis = miningFeeSatoshis
        self.miningFeeBytes = miningFeeBytes
        self.maxTxSizePolicy = maxTxSizePolicy
        self.maxScriptSizePolicy = maxScriptSizePolicy
        self.maxTxSigopsCountPolicy = maxTxSigopsCountPolicy
        self.standardFormatSupported = standardFormatSupported
    }

    // MARK: - Methods

    /// The smallest fee a transaction of `size` bytes must pay: `ceil(size × miningFeeSatoshis / miningFeeBytes)`.
    ///
    /// Computed in 128 bits, so no size or rate can overflow; a result beyond `UInt64.max` is clamped.
    public func minimumFee(forSize size: Int) -> UInt64 {
        let product = UInt64(max(size, 0)).multipliedFullWidth(by: miningFeeSatoshis)
        let divisor = miningFeeBytes
        guard product.high < divisor else { return .max }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        return remainder == 0 || quotient == .max ? quotient : quotient + 1
    }
}
