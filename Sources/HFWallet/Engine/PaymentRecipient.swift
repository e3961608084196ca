public import HFPrimitives

/// One payment of a send: an amount to a P2PKH address.
public struct PaymentRecipient: Hashable, Sendable {
    /// Where the coins go.
    public let address: Address

    /// How much, in satoshis (at least 1).
    public let satoshis: UInt64

    // MARK: - Initializers

    /// A payment of `satoshis` to `address`.
    public init(address: Address, satoshis: UInt64) {
        self.address = address
        self.satoshis = satoshis
    }
}
