public import HFWallet

/// A move of every spendable coin of one wallet to fresh receive addresses of another wallet of the same home
/// (`hf-signer wallet move`), planned and reviewed, not signed. Preparing wrote nothing.
public struct PreparedMove {
    /// The wallet the coins leave (left empty, not removed).
    public let source: WalletInfo
    /// The wallet the coins go to.
    public let destination: WalletInfo
    /// The unsigned transaction: every selectable coin of `source` in, a few outputs to `destination` out.
    public let plan: PaymentPlan
    /// The rate the fee was computed at (`--fee-rate`, else the latest fee quote, else the standard rate).
    public let feeRate: FeeRate
    /// The new `.hftx` file the kept transaction is written to.
    public let out: String
    /// The review: each output's owner is `wallet` with the destination's ID and its derivation.
    public let review: PaymentReview
    /// How many protected outputs (1 satoshi or an inscription) stay in `source`.
    public let protectedCount: Int
    /// What those protected outputs hold.
    public let protectedSatoshis: UInt64
    /// The source wallet's confirmed balance before the move (protected outputs included).
    public let sourceConfirmed: UInt64

    /// The opened source wallet (its keys sign).
    let sourceWallet: SignerWallet
    /// The opened destination wallet (its address indexes advance when the move is kept).
    let destinationWallet: SignerWallet
}
