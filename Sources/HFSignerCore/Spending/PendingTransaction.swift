import HFBundles
import HFPrimitives
import HFStore
import HFWallet

/// Keeping a signed transaction as pending, shared by payments (`SpendService`) and sweeps (`SweepService`).
enum PendingTransaction {
    /// Saves `transaction` as pending (its inputs then count as spent) with its `.hftx`, raises the next index of
    /// every address in `usedAddresses`, and runs `write` (the `.hftx` file), all in one store transaction: if any
    /// step fails, nothing is kept.
    static func keep(
        _ transaction: Transaction, bundle: TransactionBundle, usedAddresses: [DerivedAddress], home: SignerHome,
        book: AddressBook, write: () throws(SignerError) -> Void
    ) throws(SignerError) {
        let record = TransactionRecord(
            walletID: book.record.walletID, txid: transaction.txid.displayHex, raw: transaction.serialized,
            state: .pending, hftx: bundle.encoded(), createdAt: SignerWallets.now())
        try home.database.transaction { () throws(SignerError) in
            do throws(DatabaseError) { try TransactionRecords(database: home.database).save(record) } catch {
                throw .database(error)
            }
            for address in usedAddresses {
                try book.raiseNext(address.scheme, address.chain, to: Int(address.index) + 1)
            }
            try write()
        }
    }
}
