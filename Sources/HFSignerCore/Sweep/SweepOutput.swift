import HFPrimitives

/// A confirmed output paying one of a wallet's sweep addresses (`sweep status`).
public struct SweepOutput: Sendable, Equatable, Encodable {
    /// The funding transaction (display hex).
    public let txid: String
    /// The output index.
    public let vout: UInt32
    /// The sweep address it pays.
    public let address: String
    /// Its value.
    public let satoshis: UInt64
    /// The height of the block its receipt proved.
    public let height: Int
    /// The txid of the stored (pending or confirmed) transaction spending it, or nil while unspent.
    public let spentBy: String?
}
