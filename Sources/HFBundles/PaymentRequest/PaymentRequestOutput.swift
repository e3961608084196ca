public import HFPrimitives

/// One output a paymail receiver asked for: a locking script and an amount.
public struct PaymentRequestOutput: Hashable, Sendable {
    /// The locking script, 1…10,000 bytes (the signer pays P2PKH scripts only).
    public let script: [UInt8]
    /// The amount, at least 1 satoshi.
    public let satoshis: Amount

    /// An output.
    /// - Throws: `BundleError.emptyValue`/`.overLimit` (path `script`) or `.outOfRange` (path `satoshis`).
    public init(script: [UInt8], satoshis: UInt64) throws(BundleError) {
        guard !script.isEmpty else { throw .emptyValue(path: "script") }
        guard script.count <= BundleLimits.maxPaymentScriptBytes else {
            throw .overLimit(path: "script", limit: BundleLimits.maxPaymentScriptBytes)
        }
        guard satoshis >= 1, let amount = try? Amount(satoshis: satoshis) else {
            throw .outOfRange(path: "satoshis", allowed: 1...Int64(Amount.maxMoney))
        }
        self.script = script
        self.satoshis = amount
    }
}
