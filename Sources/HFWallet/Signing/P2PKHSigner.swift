public import HFCrypto
public import HFPrimitives

/// Signs P2PKH inputs: the FORKID digest, an RFC 6979 low-S ECDSA signature, and the unlocking script
/// `<DER ‖ sighash byte> <compressed public key>`.
public enum P2PKHSigner {
    /// The unlocking script for input `inputIndex` of the cache's transaction.
    ///
    /// - Parameters:
    ///   - inputIndex: the input to sign.
    ///   - cache: the transaction's sighash midstates (build it once per transaction).
    ///   - sourceOutput: the output the input spends: its value and P2PKH locking script.
    ///   - privateKey: the key whose compressed public key hashes to the locking script's hash.
    ///   - sighashType: `.allForkID` (0x41) by default; must be a standard FORKID type.
    /// - Returns: the unlocking script, ready for `inputs[inputIndex].unlockingScript`.
    /// - Throws: `SigningError.inputIndexOutOfRange`, `.unsupportedSighashType`, `.notP2PKH`, `.keyDoesNotMatch`
    ///   (these use input index `inputIndex`), or `.crypto`.
    public static func unlockingScript(
        forInput inputIndex: Int, of cache: SighashCache, sourceOutput: TransactionOutput, privateKey: PrivateKey,
        sighashType: SighashType = .allForkID
    ) throws(SigningError) -> Script {
        try unlockingScript(
            forInput: inputIndex, of: cache, sourceOutput: sourceOutput, privateKey: privateKey,
            publicKey: privateKey.publicKey.compressed, sighashType: sighashType)
    }

    /// Signs input `inputIndex` of `transaction` and returns the transaction with that unlocking script set.
    ///
    /// Builds a `SighashCache` for this one input; to sign several inputs, use `TransactionSigner` or reuse one
    /// cache with `unlockingScript(forInput:of:sourceOutput:privateKey:sighashType:)`.
    /// - Throws: as `unlockingScript(forInput:of:sourceOutput:privateKey:sighashType:)`.
    public static func sign(
        input inputIndex: Int, of transaction: Transaction, sourceOutput: TransactionOutput, privateKey: PrivateKey,
        sighashType: SighashType = .allForkID
    ) throws(SigningError) -> Transaction {
        let cache = SighashCache(transaction: transaction)
        let script = try unlockingScript(
            forInput: inputIndex, of: cache, sourceOutput: sourceOutput, privateKey: privateKey,
            sighashType: sighashType)
        var signed = transaction
        signed.inputs[inputIndex].unlockingScript = script
        return signed
    }

    /// Signs with the public key bytes the locking script hashes: compressed (33) or uncompressed (65, for keys
    /// imported from an uncompressed WIF). The key must be `privateKey`'s; its HASH160 must match the script.
    public static func unlockingScript(
        forInput inputIndex: Int, of cache: SighashCache, sourceOutput: TransactionOutput, privateKey: PrivateKey,
        publicKey: [UInt8], sighashType: SighashType
    ) throws(SigningError) -> Script {
        try cache.checkIndex(inputIndex)
        guard sighashType.isStandardForkID else { throw .unsupportedSighashType(sighashType) }
        guard let hash = sourceOutput.lockingScript.p2pkhHash160 else { throw .notP2PKH(inputIndex: inputIndex) }
        guard Hash.hash160(publicKey) == hash else { throw .keyDoesNotMatch(inputIndex: inputIndex) }
        let digest = try cache.forkIDDigest(
            inputIndex: inputIndex, scriptCode: sourceOutput.lockingScript, satoshis: sourceOutput.satoshis,
            type: sighashType)
        let signature: ECDSASignature
        do {
            signature = try privateKey.signature(forDigest: digest)
        } catch {
            throw .crypto(error)
        }
        return P2PKHUnlockingScript(
            signature: signature.derRepresentation + [sighashType.byte], publicKey: publicKey
        ).script
    }
}
