import HFCrypto
public import HFPrimitives

// The original (pre-fork) digest: bitcoin-sv `SignatureHash` without FORKID, `CTransactionSignatureSerializer`.
// The wallet never signs with it; it is here so that the node's sighash vectors check every branch.

extension SighashCache {
    /// The original signature hash of input `inputIndex`, natural order.
    ///
    /// The transaction is serialized with every unlocking script emptied except this input's, which is `scriptCode`
    /// with its `OP_CODESEPARATOR`s removed; with NONE or SINGLE the other inputs' sequences are 0; NONE keeps no
    /// output, SINGLE keeps outputs `0…inputIndex` with the earlier ones blanked (value −1, empty script);
    /// ANYONECANPAY keeps only this input. The 32-bit `type` is appended, then the whole is hashed with hash256.
    /// The node's quirk is kept: SINGLE with no output at `inputIndex` gives the value 1 (`01 00 … 00`), not a hash.
    /// - Throws: `SigningError.inputIndexOutOfRange`.
    public func legacyDigest(inputIndex: Int, scriptCode: Script, type: SighashType) throws(SigningError) -> [UInt8] {
        try checkIndex(inputIndex)
        if type.isBaseSingle, inputIndex >= transaction.outputs.count {
            return [1] + [UInt8](repeating: 0, count: 31)
        }
        let script = scriptCode.removingCodeSeparators().bytes
        var writer = ByteWriter(capacity: transaction.size + script.count + 4)
        writer.appendInt32LE(transaction.version)
        let signedInputs = type.hasAnyoneCanPay ? [inputIndex] : Array(transaction.inputs.indices)
        writer.appendCompactSize(UInt64(signedInputs.count))
        for index in signedInputs {
            let input = transaction.inputs[index]
            writer.appendBytes(input.previousOutput.txid.internalBytes)
            writer.appendUInt32LE(input.previousOutput.vout)
            writer.appendVarBytes(index == inputIndex ? script : [])
            let zeroSequence = index != inputIndex && (type.isBaseNone || type.isBaseSingle)
            writer.appendUInt32LE(zeroSequence ? 0 : input.sequence)
        }
        let outputCount = type.isBaseNone ? 0 : type.isBaseSingle ? inputIndex + 1 : transaction.outputs.count
        writer.appendCompactSize(UInt64(outputCount))
        for index in 0..<outputCount {
            if type.isBaseSingle, index != inputIndex {
                writer.appendUInt64LE(.max)  // CTxOut(): value −1 and an empty script.
                writer.appendCompactSize(0)
            } else {
                writer.appendUInt64LE(transaction.outputs[index].satoshis)
                writer.appendVarBytes(transaction.outputs[index].lockingScript.bytes)
            }
        }
        writer.appendUInt32LE(transaction.lockTime)
        writer.appendUInt32LE(type.rawValue)
        return Hash.hash256(writer.bytes)
    }
}
