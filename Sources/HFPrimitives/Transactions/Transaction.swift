/// A BSV transaction: version, inputs, outputs and lock time.
///
/// Wire layout (all integers little-endian): `version (Int32) ‖ VarInt input count ‖ inputs ‖ VarInt output count ‖
/// outputs ‖ lockTime (UInt32)`. The txid is `hash256` of those bytes. A value type: edit a copy (for instance to set
/// unlocking scripts) and the original is unchanged. Decoding is strict (`init(bytes:)`); the extended format
/// (BRC-30) is `ExtendedTransaction`.
public struct Transaction: Hashable, Sendable {
    /// The version, signed as in the node (usually 1).
    public var version: Int32

    /// The inputs, in order.
    public var inputs: [TransactionInput]

    /// The outputs, in order.
    public var outputs: [TransactionOutput]

    /// The lock time: a block height below 500 000 000, else a Unix time; 0 for none.
    public var lockTime: UInt32

    /// The largest serialized transaction `init(bytes:)` accepts: 32 MiB (docs/design.md §4).
    public static let maxSize = 32 * 1024 * 1024

    // MARK: - Initializers

    /// A transaction from its parts.
    /// - Parameters:
    ///   - version: 1 by default.
    ///   - inputs: the inputs.
    ///   - outputs: the outputs.
    ///   - lockTime: 0 by default.
    public init(
        version: Int32 = 1, inputs: [TransactionInput], outputs: [TransactionOutput], lockTime: UInt32 = 0
    ) {
        self.version = version
        self.inputs = inputs
        self.outputs = outputs
        self.lockTime = lockTime
    }

    // MARK: - Properties

    /// The transaction identifier, `hash256(serialized)`.
    public var txid: Txid { Txid(hashing: serialized) }

    /// The number of serialized bytes, computed without serializing.
    public var size: Int {
        var total = 4 + 4 + CompactSize.encodedLength(of: UInt64(inputs.count))
        total += CompactSize.encodedLength(of: UInt64(outputs.count))
        for input in inputs { total += input.size }
        for output in outputs { total += output.size }
        return total
    }

    /// The sum of the outputs' values in satoshis (at most `outputs.count × Amount.maxMoney`, so it cannot wrap).
    public var totalOutputSatoshis: UInt64 {
        outputs.reduce(0) { $0 + $1.satoshis }
    }
}
