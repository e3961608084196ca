/// One input of a transaction: the output it spends, the unlocking script, and the sequence number.
///
/// Serialized as `outpoint (36) ‖ VarInt script length ‖ unlocking script ‖ sequence (UInt32 LE)`.
public struct TransactionInput: Hashable, Sendable {
    /// The output being spent.
    public var previousOutput: OutPoint

    /// The unlocking script (scriptSig); empty until the input is signed.
    public var unlockingScript: Script

    /// The sequence number; `finalSequence` unless the transaction uses lock-time or replacement rules.
    public var sequence: UInt32

    /// The sequence number of a final input, 0xffffffff.
    public static let finalSequence: UInt32 = 0xffff_ffff

    /// The smallest serialized input: outpoint, a 1-byte empty script length and the sequence (41 bytes).
    static let minByteCount = OutPoint.byteCount + 1 + 4

    // MARK: - Initializers

    /// An input spending `previousOutput`.
    /// - Parameters:
    ///   - previousOutput: the output spent.
    ///   - unlockingScript: the unlocking script; empty (unsigned) by default.
    ///   - sequence: `finalSequence` by default.
    public init(previousOutput: OutPoint, unlockingScript: Script = Script(), sequence: UInt32 = finalSequence) {
        self.previousOutput = previousOutput
        self.unlockingScript = unlockingScript
        self.sequence = sequence
    }

    // MARK: - Properties

    /// The number of serialized bytes.
    public var size: Int {
        OutPoint.byteCount + CompactSize.encodedLength(of: UInt64(unlockingScript.count)) + unlockingScript.count + 4
    }

    // MARK: - Methods

    /// Appends the serialized input to `writer`.
    func append(to writer: inout ByteWriter) {
        previousOutput.append(to: &writer)
        writer.appendVarBytes(unlockingScript.bytes)
        writer.appendUInt32LE(sequence)
    }
}
