public import HFCrypto
public import HFPrimitives

extension PaymentPlan {
    /// Signs every input (SIGHASH_ALL|FORKID) and returns the transaction with the outputs its inputs spend, as
    /// `.hftx` and ARC's extended format need them.
    ///
    /// - Parameter keys: the private key of a wallet address (for instance `WalletKeys.privateKey(for:)`), or nil
    ///   if the wallet has none; asked once per distinct address. Secret: nothing is kept after signing.
    /// - Throws: `PaymentError.missingKey` (first input concerned) or `.signing`.
    public func signed(keys: (DerivedAddress) -> PrivateKey?) throws(PaymentError) -> ExtendedTransaction {
        var found: [Address: PrivateKey] = [:]
        for (index, utxo) in inputs.enumerated() where found[utxo.address.address] == nil {
            guard let key = keys(utxo.address) else {
                throw .missingKey(inputIndex: index, address: utxo.address.address.string)
            }
            found[utxo.address.address] = key
        }
        return try signed(with: TransactionSigner(keys: Array(found.values)))
    }

    /// Signs every input with `signer`, which must hold the key of every input's address.
    ///
    /// - Throws: `PaymentError.signing` (for example `SigningError.missingKey`).
    public func signed(with signer: TransactionSigner) throws(PaymentError) -> ExtendedTransaction {
        let sources = sourceOutputs
        let transaction: Transaction
        do {
            transaction = try signer.sign(self.transaction, sourceOutputs: sources)
        } catch {
            throw .signing(error)
        }
        do {
            return try ExtendedTransaction(transaction: transaction, sourceOutputs: sources)
        } catch {
            preconditionFailure("a plan has one source output per input: \(error)")
        }
    }
}
