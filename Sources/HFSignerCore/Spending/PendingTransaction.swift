import HFSPV
import HFBundles
import HFPrimitives
import HFStore
import HFWallet

/// Keeping a signed transaction as pending, shared by payments (`SpendService`) and sweeps (`SweepService`).
///
/// Commit first, then write (docs/design.md §2): the pending row, which holds the `.hftx` bytes, and the raised address
/// indexes are committed in one store transaction; only then is the `.hftx` file written, from the stored bytes, to
/// a temporary name beside `out` that is linked into place — never a 0-byte or partial file at `out`, and never a
/// broadcastable file whose inputs the wallet still counts as spendable. If the file cannot be written after the
/// commit, the transaction stays pending and `pending export` writes it again.
enum PendingTransaction {
    /// Keeps `transaction` as pending and writes its `.hftx` to `out`; with `callID`, records in the same store
    /// transaction that this BRC-100 call paid it (a call pays once). With `destination` (`wallet move`),
    /// `usedAddresses` are that other wallet's: its indexes are raised past them, and every output counts as
    /// leaving `book`'s wallet in the spending policy's window.
    ///
    /// - Throws: `SignerError.cannotCreate` before anything is kept when something is at `out`; after the commit,
    ///   `.cannotCreate` naming the kept transaction and the `pending export` command that writes the file.
    static func keep(
        _ transaction: Transaction, bundle: TransactionBundle, usedAddresses: [DerivedAddress], home: SignerHome,
        book: AddressBook, chain: HeaderChain, out: String, answering callID: String? = nil,
        movingTo destination: AddressBook? = nil
    ) throws(SignerError) {
        try CommittedFile.refuseExisting(out)
        let txid = transaction.txid
        let record = TransactionRecord(
            walletID: book.record.walletID, txid: txid, raw: transaction.serialized,
            state: .pending, hftx: bundle.encoded(), createdAt: SignerWallets.now())
        let records = TransactionRecords(database: home.database)
        let network = book.keys.network
        let fee = PaymentOutflows.fee(transaction, spending: bundle.inputs.map(\.satoshis.satoshis))
        let outflows = PaymentOutflows(
            transaction, paying: destination == nil ? usedAddresses : [], network: network
        ).records(
            network: network, txid: txid, walletID: book.record.walletID, lockTime: transaction.lockTime, fee: fee,
            outputCount: transaction.outputs.count)
        try home.database.transaction { () throws(SignerError) in
            do throws(DatabaseError) {
                try records.save(record)
                // The spending policy's window counts it from now on, whatever becomes of it (cancelled included).
                try OutflowRecords(database: home.database).add(outflows)
                if let callID {
                    try AnsweredCallRecords(database: home.database).add(
                        callID: callID, walletID: book.record.walletID, txid: txid.displayHex)
                }
            } catch { throw .database(error) }
            for address in usedAddresses {
                try (destination ?? book).raiseNext(address.scheme, address.chain, to: Int(address.index) + 1)
            }
        }
        try write(
            walletID: book.record.walletID, txid: txid, state: try SignerStateMaker.make(book: book, chain: chain, home: home), home: home, to: out)
    }

    /// Writes the stored `.hftx` of a pending transaction to the new file `out` (after `keep`, and `pending export`),
    /// carrying `state` (the wallet's signer state now).
    static func write(
        walletID: String, txid: Txid, state: SignerState, home: SignerHome, to out: String
    ) throws(SignerError) {
        let stored: TransactionRecord?
        do { stored = try TransactionRecords(database: home.database).find(walletID: walletID, txid: txid) } catch {
            throw .database(error)
        }
        guard let hftx = stored?.hftx else {
            throw .rejected(reason: "transaction \(txid) has no stored .hftx; it was not signed here")
        }
        var bundle: TransactionBundle
        do { bundle = try TransactionBundle(decoding: hftx, expectedNetwork: state.network) } catch {
            throw .rejected(reason: "the stored .hftx of \(txid) does not decode: \(error)")
        }
        bundle.signerState = state
        try CommittedFile.write(
            bundle.encoded(), to: out, mode: 0o644,
            recovery: "\(txid) is signed and kept as pending; write its .hftx with "
                + "`hf-signer pending export \(txid) --out FILE`")
    }
}
