import HFCrypto
public import HFPrimitives

/// Checks a P2PKH input's unlocking script against the output it spends, as a node would.
///
/// Checks, in order: the locking script is P2PKH; the unlocking script is `<signature ‖ sighash byte> <public key>`;
/// the signature is strict DER and low-S; the sighash byte is defined and has FORKID; the public key is valid and
/// hashes to the locking script's hash; the signature verifies for the FORKID digest of the sighash byte's type.
public enum P2PKHVerifier {
    /// Verifies input `inputIndex` of the cache's transaction.
    ///
    /// - Parameters:
    ///   - inputIndex: the input to check.
    ///   - cache: the transaction (with its unlocking scripts) and its midstates.
    ///   - sourceOutput: the output the input spends.
    /// - Throws: `P2PKHVerificationError` naming the first check that failed.
    public static func verify(
        input inputIndex: Int, of cache: SighashCache, sourceOutput: TransactionOutput
    ) throws(P2PKHVerificationError) {
        let inputs = cache.transaction.inputs
        guard inputIndex >= 0, inputIndex < inputs.count else {
            throw .inputIndexOutOfRange(index: inputIndex, inputCount: inputs.count)
        }
        guard let hash = sourceOutput.lockingScript.p2pkhHash160 else { throw .notP2PKHLockingScript }
        guard let unlocking = P2PKHUnlockingScript(script: inputs[inputIndex].unlockingScript) else {
            throw .malformedUnlockingScript
        }
        guard let signature = try? ECDSASignature(derRepresentation: unlocking.derSignature) else {
            throw .signatureNotStrictDER
        }
        guard signature.isLowS else { throw .highS }
        let type = SighashType(rawValue: UInt32(unlocking.sighashByte))
        guard type.base != nil, type.rawValue & SighashType.chronicleFlag == 0 else {
            throw .undefinedSighashType(unlocking.sighashByte)
        }
        guard type.hasForkID else { throw .missingForkID(unlocking.sighashByte) }
        guard let publicKey = try? PublicKey(serialized: unlocking.publicKey) else { throw .invalidPublicKey }
        guard Hash.hash160(unlocking.publicKey) == hash else { throw .publicKeyHashMismatch }
        let digest: [UInt8]
        do {
            digest = try cache.forkIDDigest(
                inputIndex: inputIndex, scriptCode: sourceOutput.lockingScript, satoshis: sourceOutput.satoshis,
                type: type)
        } catch {
            preconditionFailure("the input index was checked: \(error)")
        }
        guard publicKey.isValidSignature(signature, forDigest: digest) else { throw .invalidSignature }
    }

    /// Verifies input `inputIndex` of `transaction` (building a `SighashCache` for this one call).
    /// - Throws: as `verify(input:of:sourceOutput:)` with a cache.
    public static func verify(
        input inputIndex: Int, of transaction: Transaction, sourceOutput: TransactionOutput
    ) throws(P2PKHVerificationError) {
        try verify(input: inputIndex, of: SighashCache(transaction: transaction), sourceOutput: sourceOutput)
    }

    /// Whether input `inputIndex` verifies (see `verify(input:of:sourceOutput:)`).
    public static func isValid(input inputIndex: Int, of cache: SighashCache, sourceOutput: TransactionOutput) -> Bool {
        (try? verify(input: inputIndex, of: cache, sourceOutput: sourceOutput)) != nil
    }
}
