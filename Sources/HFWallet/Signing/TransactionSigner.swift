public import HFCrypto
public import HFPrimitives

/// Signs every input of a transaction that spends P2PKH outputs, with one set of sighash midstates.
///
/// The signer indexes its keys by the HASH160 of their compressed public keys (each public key is derived once,
/// in `init`), finds each input's key from its source output's locking script, and signs with SIGHASH_ALL|FORKID
/// through one `SighashCache`, so signing n inputs costs n signatures plus hashing linear in the transaction size.
/// It holds the private keys: keep its lifetime short.
public struct TransactionSigner: Sendable {
    /// A private key with the public key its address hashes.
    private struct KeyPair: Sendable {
        /// The signing key.
        let privateKey: PrivateKey
        /// Its public key as the address commits to it: 33 bytes compressed (the wallet's), or 65 uncompressed (an
        /// old paper wallet's), derived once.
        let publicKey: [UInt8]
    }

    /// The keys, by HASH160 of their public key.
    private let keys: [[UInt8]: KeyPair]

    // MARK: - Initializers

    /// A signer holding `keys` for compressed-key addresses and `uncompressedKeys` for addresses of the 65-byte
    /// uncompressed public key (sweeps of old WIFs); duplicates are harmless.
    public init(keys: [PrivateKey], uncompressedKeys: [PrivateKey] = []) {
        var index: [[UInt8]: KeyPair] = [:]
        for key in keys {
            let publicKey = key.publicKey.compressed
            index[Hash.hash160(publicKey)] = KeyPair(privateKey: key, publicKey: publicKey)
        }
        for key in uncompressedKeys {
            let publicKey = key.publicKey.uncompressed
            index[Hash.hash160(publicKey)] = KeyPair(privateKey: key, publicKey: publicKey)
        }
        self.keys = index
    }

    // MARK: - Methods

    /// Signs every input and returns the transaction with all unlocking scripts set.
    ///
    /// - Parameters:
    ///   - transaction: the transaction; existing unlocking scripts are replaced.
    ///   - sourceOutputs: the outputs the inputs spend, one per input, in input order.
    ///   - sighashType: `.allForkID` (0x41) by default; must be a standard FORKID type.
    /// - Throws: `SigningError.sourceOutputCountMismatch`, `.unsupportedSighashType`, `.notP2PKH`, `.missingKey`
    ///   (for the first input concerned), or `.crypto`.
    public func sign(
        _ transaction: Transaction, sourceOutputs: [TransactionOutput], sighashType: SighashType = .allForkID
    ) throws(SigningError) -> Transaction {
        guard sourceOutputs.count == transaction.inputs.count else {
            throw .sourceOutputCountMismatch(inputs: transaction.inputs.count, sourceOutputs: sourceOutputs.count)
        }
        guard sighashType.isStandardForkID else { throw .unsupportedSighashType(sighashType) }
        let cache = SighashCache(transaction: transaction)
        var signed = transaction
        for (index, source) in sourceOutputs.enumerated() {
            guard let hash = source.lockingScript.p2pkhHash160 else { throw .notP2PKH(inputIndex: index) }
            guard let pair = keys[hash] else { throw .missingKey(inputIndex: index) }
            signed.inputs[index].unlockingScript = try P2PKHSigner.unlockingScript(
                forInput: index, of: cache, sourceOutput: source, privateKey: pair.privateKey,
                publicKey: pair.publicKey, sighashType: sighashType)
        }
        return signed
    }

    /// Signs every input of an extended transaction, whose source outputs it carries.
    /// - Throws: as `sign(_:sourceOutputs:sighashType:)`.
    public func sign(
        _ extended: ExtendedTransaction, sighashType: SighashType = .allForkID
    ) throws(SigningError) -> ExtendedTransaction {
        let signed = try sign(extended.transaction, sourceOutputs: extended.sourceOutputs, sighashType: sighashType)
        do {
            return try ExtendedTransaction(transaction: signed, sourceOutputs: extended.sourceOutputs)
        } catch {
            preconditionFailure("signing keeps the number of inputs: \(error)")
        }
    }
}
