/// A BIP 21 payment URI, `bitcoin:ADDRESS` or `bitcoin:ADDRESS?amount=BSV`, as a receiver shows it to a payer.
///
/// BIP 21 amounts are decimal BSV (BTC in the BIP's words), never satoshis: 60 000 satoshis is `amount=0.0006`.
/// The decimal is written from the whole number of satoshis with integer arithmetic only (no floating point), with
/// no trailing zeros and no trailing point (`1`, `0.5`, `0.00000001`), which is the shortest form BIP 21 readers
/// accept and the form `Amount(bsv:)` parses back to the same satoshis.
public struct PaymentURI: Hashable, Sendable {
    /// The address paid.
    public let address: Address
    /// The amount asked for, or nil for an open amount.
    public let amount: Amount?

    /// A URI for `address`, asking for `amount` if given.
    public init(address: Address, amount: Amount? = nil) {
        self.address = address
        self.amount = amount
    }

    // MARK: - Properties

    /// The URI text: `bitcoin:` + the address, then `?amount=` + ``bip21Decimal(_:)`` when an amount is asked for.
    public var string: String {
        "bitcoin:" + address.string + (amount.map { "?amount=" + Self.bip21Decimal($0) } ?? "")
    }

    // MARK: - Static members

    /// `amount` as BIP 21 writes it: decimal BSV without trailing zeros (`60000` satoshis → `"0.0006"`,
    /// `100000000` → `"1"`, `0` → `"0"`).
    public static func bip21Decimal(_ amount: Amount) -> String {
        let whole = amount.satoshis / Amount.satoshisPerBSV
        let fraction = amount.satoshis % Amount.satoshisPerBSV
        guard fraction > 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 8 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
