public import HFPrimitives

/// Serialized sizes of the transactions the wallet builds, known before signing.
///
/// A P2PKH input is counted at its largest signed size, 148 bytes: outpoint (36) ‖ script length (1) ‖ push opcode
/// (1) ‖ signature with sighash byte (72 at most: a low-S DER signature is at most 71 bytes, since only r can need
/// a leading zero byte) ‖ push opcode (1) ‖ compressed public key (33) ‖ sequence (4). A real signature may be a byte
/// or two shorter, so an estimate is an upper bound of the signed size and a fee computed from it always covers
/// the rate. Outputs are counted exactly.
public enum TransactionSize {
    /// The largest signature push of a wallet P2PKH input: a 71-byte low-S DER signature and the sighash byte.
    public static let maxP2PKHSignaturePush = 72

    /// The largest signed P2PKH input with a compressed public key: 148 bytes.
    public static let p2pkhInput = OutPoint.byteCount + 1 + (1 + maxP2PKHSignaturePush + 1 + 33) + 4

    /// A P2PKH output: value (8) ‖ script length (1) ‖ 25-byte script.
    public static let p2pkhOutput = 8 + 1 + 25

    /// Version and lock time: 8 bytes.
    public static let fixedOverhead = 4 + 4

    // MARK: - Methods

    /// The serialized size of one output with a locking script of `scriptLength` bytes.
    public static func output(scriptLength: Int) -> Int {
        8 + CompactSize.encodedLength(of: UInt64(scriptLength)) + scriptLength
    }

    /// The signed size of a transaction with `inputs` P2PKH inputs and outputs totalling `outputBytes` bytes in
    /// `outputCount` outputs (an upper bound; see the type's discussion).
    public static func estimate(p2pkhInputs inputs: Int, outputCount: Int, outputBytes: Int) -> Int {
        fixedOverhead + CompactSize.encodedLength(of: UInt64(inputs)) + inputs * p2pkhInput
            + CompactSize.encodedLength(of: UInt64(outputCount)) + outputBytes
    }

    /// The signed size of a transaction with `inputs` P2PKH inputs and `outputs` (an upper bound).
    public static func estimate(p2pkhInputs inputs: Int, outputs: [TransactionOutput]) -> Int {
        estimate(p2pkhInputs: inputs, outputCount: outputs.count, outputBytes: outputs.reduce(0) { $0 + $1.size })
    }
}
