import HFCrypto
public import HFPrimitives

/// A transaction with the per-transaction midstates of the FORKID signature hash, computed once.
///
/// `hashPrevouts`, `hashSequence` and `hashOutputs` (BIP143 names) are hashes over all inputs or outputs, the same
/// for every input; computing them per input would make signing quadratic in the number of inputs. Build one cache
/// per transaction and compute every input's digest from it. The FORKID digest covers no unlocking script, so the
/// cache stays valid while unlocking scripts are filled in; any other change to the transaction needs a new cache.
/// Digests are returned in natural order: the 32 bytes ECDSA signs as a big-endian integer (the node's test
/// vectors print them reversed).
public struct SighashCache: Sendable {
    /// The transaction the midstates belong to.
    public let transaction: Transaction

    /// `hash256` of every input's outpoint (36 bytes each).
    public let hashPrevouts: [UInt8]

    /// `hash256` of every input's sequence (4 bytes LE each).
    public let hashSequence: [UInt8]

    /// `hash256` of every serialized output.
    public let hashOutputs: [UInt8]

    // MARK: - Initializers

    /// Computes the midstates of `transaction` (three hashes, linear in its size).
    public init(transaction: Transaction) {
        self.transaction = transaction
        var prevouts = ByteWriter(capacity: transaction.inputs.count * OutPoint.byteCount)
        var sequences = ByteWriter(capacity: transaction.inputs.count * 4)
        for input in transaction.inputs {
            prevouts.appendBytes(input.previousOutput.txid.internalBytes)
            prevouts.appendUInt32LE(input.previousOutput.vout)
            sequences.appendUInt32LE(input.sequence)
        }
        var outputs = ByteWriter(capacity: transaction.outputs.reduce(0) { $0 + $1.size })
        for output in transaction.outputs {
            outputs.appendUInt64LE(output.satoshis)
            outputs.appendVarBytes(output.lockingScript.bytes)
        }
        hashPrevouts = Hash.hash256(prevouts.bytes)
        hashSequence = Hash.hash256(sequences.bytes)
        hashOutputs = Hash.hash256(outputs.bytes)
    }

    // MARK: - Methods

    /// The signature hash of input `inputIndex` with the algorithm the node picks for `type`: the FORKID digest
    /// when FORKID is set and CHRONICLE is not, else the original digest (which ignores `satoshis`).
    ///
    /// - Parameters:
    ///   - inputIndex: the input being signed.
    ///   - scriptCode: the script being satisfied; for P2PKH, the source output's locking script.
    ///   - satoshis: the value of the output being spent (exact, or the signature is invalid).
    ///   - type: the sighash type.
    /// - Returns: 32 bytes, natural order.
    /// - Throws: `SigningError.inputIndexOutOfRange`.
    public func digest(
        inputIndex: Int, scriptCode: Script, satoshis: UInt64, type: SighashType
    ) throws(SigningError) -> [UInt8] {
        if type.usesForkIDDigest {
            return try forkIDDigest(inputIndex: inputIndex, scriptCode: scriptCode, satoshis: satoshis, type: type)
        }
        return try legacyDigest(inputIndex: inputIndex, scriptCode: scriptCode, type: type)
    }

    /// Checks that `inputIndex` names an input.
    func checkIndex(_ inputIndex: Int) throws(SigningError) {
        guard inputIndex >= 0, inputIndex < transaction.inputs.count else {
            throw .inputIndexOutOfRange(index: inputIndex, inputCount: transaction.inputs.count)
        }
    }
}
