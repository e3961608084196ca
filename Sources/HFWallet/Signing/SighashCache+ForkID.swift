import HFCrypto
public import HFPrimitives

// The BIP143-style digest BSV uses with SIGHASH_FORKID (bitcoin-sv `SignatureHash`, FORKID branch).

extension SighashCache {
    /// The 32 zero bytes that stand in for a midstate the sighash type leaves out.
    static let zeroHash = [UInt8](repeating: 0, count: 32)

    /// The FORKID preimage of input `inputIndex`:
    /// `version ‖ hashPrevouts ‖ hashSequence ‖ outpoint ‖ VarInt len ‖ scriptCode ‖ satoshis (u64 LE) ‖ sequence ‖
    /// hashOutputs ‖ lockTime ‖ type (u32 LE)`.
    ///
    /// `hashPrevouts` is zero with ANYONECANPAY; `hashSequence` is zero with ANYONECANPAY, NONE or SINGLE;
    /// `hashOutputs` is the hash of the output at `inputIndex` for SINGLE (zero when there is none) and zero for
    /// NONE. `scriptCode` is used as given: `OP_CODESEPARATOR`s are not removed. The FORKID bit is not checked here.
    /// - Throws: `SigningError.inputIndexOutOfRange`.
    public func forkIDPreimage(
        inputIndex: Int, scriptCode: Script, satoshis: UInt64, type: SighashType
    ) throws(SigningError) -> [UInt8] {
        try checkIndex(inputIndex)
        let input = transaction.inputs[inputIndex]
        let script = scriptCode.bytes
        var writer = ByteWriter(capacity: 4 + 32 + 32 + 36 + 9 + script.count + 8 + 4 + 32 + 4 + 4)
        writer.appendInt32LE(transaction.version)
        writer.appendBytes(type.hasAnyoneCanPay ? Self.zeroHash : hashPrevouts)
        let commitsToSequences = !type.hasAnyoneCanPay && !type.isBaseNone && !type.isBaseSingle
        writer.appendBytes(commitsToSequences ? hashSequence : Self.zeroHash)
        writer.appendBytes(input.previousOutput.txid.internalBytes)
        writer.appendUInt32LE(input.previousOutput.vout)
        writer.appendVarBytes(script)
        writer.appendUInt64LE(satoshis)
        writer.appendUInt32LE(input.sequence)
        writer.appendBytes(outputsHash(inputIndex: inputIndex, type: type))
        writer.appendUInt32LE(transaction.lockTime)
        writer.appendUInt32LE(type.rawValue)
        return writer.bytes
    }

    /// The FORKID signature hash of input `inputIndex`: `hash256(forkIDPreimage(…))`, natural order.
    /// - Throws: `SigningError.inputIndexOutOfRange`.
    public func forkIDDigest(
        inputIndex: Int, scriptCode: Script, satoshis: UInt64, type: SighashType
    ) throws(SigningError) -> [UInt8] {
        Hash.hash256(
            try forkIDPreimage(inputIndex: inputIndex, scriptCode: scriptCode, satoshis: satoshis, type: type))
    }

    /// `hashOutputs` as `type` selects it for input `inputIndex`.
    private func outputsHash(inputIndex: Int, type: SighashType) -> [UInt8] {
        if type.isBaseSingle {
            guard inputIndex < transaction.outputs.count else { return Self.zeroHash }
            return Hash.hash256(transaction.outputs[inputIndex].serialized)
        }
        return type.isBaseNone ? Self.zeroHash : hashOutputs
    }
}
