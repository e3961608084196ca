/// One output of a transaction: an amount and the locking script that guards it.
///
/// Serialized as `satoshis (UInt64 LE) ‖ VarInt script length ‖ locking script`. The invariant
/// `satoshis ≤ Amount.maxMoney` holds for every value.
public struct TransactionOutput: Hashable, Sendable {
    /// The value in satoshis, at most `Amount.maxMoney`.
    public let satoshis: UInt64

    /// The locking script (scriptPubKey).
    public let lockingScript: Script

    /// The smallest serialized output: the value and a 1-byte empty script length (9 bytes).
    static let minByteCount = 8 + 1

    // MARK: - Initializers

    /// An output of `satoshis` locked by `lockingScript`.
    /// - Throws: `AmountError.exceedsMaxMoney` above `Amount.maxMoney` (21 000 000 BSV).
    public init(satoshis: UInt64, lockingScript: Script) throws(AmountError) {
        guard satoshis <= Amount.maxMoney else { throw .exceedsMaxMoney }
        self.satoshis = satoshis
        self.lockingScript = lockingScript
    }

    /// An output of `amount` locked by `lockingScript`.
    public init(amount: Amount, lockingScript: Script) {
        self.satoshis = amount.satoshis
        self.lockingScript = lockingScript
    }

    // MARK: - Properties

    /// The value as an `Amount`.
    public var amount: Amount {
        do {
            return try Amount(satoshis: satoshis)
        } catch {
            preconditionFailure("the initializers keep satoshis ≤ maxMoney")
        }
    }

    /// The number of serialized bytes.
    public var size: Int {
        8 + CompactSize.encodedLength(of: UInt64(lockingScript.count)) + lockingScript.count
    }

    /// The serialized output.
    public var serialized: [UInt8] {
        var writer = ByteWriter(capacity: size)
        append(to: &writer)
        return writer.bytes
    }

    // MARK: - Methods

    /// Appends the serialized output to `writer`.
    func append(to writer: inout ByteWriter) {
        writer.appendUInt64LE(satoshis)
        writer.appendVarBytes(lockingScript.bytes)
    }
}
