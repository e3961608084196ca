import HFBundles
import HFPrimitives
import HFStore
import HFWallet

/// Bringing back a wallet's pending transactions and answered calls from a backup or a `.hfwallet`: each
/// transaction the home does not know yet (in any state, cancelled included) is stored as pending with its `.hftx`
/// (the same bytes, so `pending export` writes the file the signer first wrote), its inputs count as spent, and its
/// outputs to others count in the spending policy's window; each call not yet recorded becomes a "pays once" record.
/// Callers run it inside the store transaction of the restore or import.
enum PendingRestore {
    /// What a restore of one wallet's pending state did.
    struct Outcome: Equatable {
        /// The txids stored as pending now (display hex, in the backup's order).
        var restored: [String] = []
        /// Answered calls recorded now.
        var calls = 0
    }

    /// Stores what of `pending` `book`'s wallet does not hold yet.
    /// - Throws: `SignerError.rejected` for a transaction that does not parse, `.database`.
    static func restore(_ pending: WalletPending, book: AddressBook, home: SignerHome) throws(SignerError) -> Outcome {
        var outcome = Outcome()
        guard !pending.isEmpty else { return outcome }
        let walletID = book.record.walletID
        let network = book.keys.network
        let records = TransactionRecords(database: home.database)
        let calls = AnsweredCallRecords(database: home.database)
        let known: Set<Txid>
        do { known = Set(try records.list(walletID: walletID).map(\.txid)) } catch { throw .database(error) }
        var owned: OwnedAddresses?
        for bundle in pending.transactions where !known.contains(bundle.txid) {
            let transaction: Transaction
            do { transaction = try Transaction(bytes: bundle.rawTx) } catch {
                throw .rejected(reason: "pending transaction \(bundle.txid) does not parse: \(error)")
            }
            let addresses: OwnedAddresses
            if let owned { addresses = owned } else { addresses = try book.ownedAddresses() }
            owned = addresses
            let ownScripts = Set(transaction.outputs.compactMap { output in
                addresses.owner(of: output.lockingScript) == nil ? nil : output.lockingScript.bytes
            })
            let fee = PaymentOutflows.fee(transaction, spending: bundle.inputs.map(\.satoshis.satoshis))
            let outflows = PaymentOutflows(transaction, ownScripts: ownScripts, network: network).records(
                network: network, txid: bundle.txid, walletID: walletID, lockTime: transaction.lockTime, fee: fee,
                outputCount: transaction.outputs.count)
            let record = TransactionRecord(
                walletID: walletID, txid: bundle.txid, raw: bundle.rawTx, state: .pending, hftx: bundle.encoded(),
                createdAt: SignerWallets.now())
            do throws(DatabaseError) {
                try records.save(record)
                try OutflowRecords(database: home.database).add(outflows)
            } catch { throw .database(error) }
            outcome.restored.append(bundle.txid.displayHex)
        }
        for call in pending.answeredCalls {
            do throws(DatabaseError) {
                guard try calls.txid(callID: call.callIDHex) == nil else { continue }
                try calls.add(callID: call.callIDHex, walletID: walletID, txid: call.txid.displayHex)
            } catch { throw .database(error) }
            outcome.calls += 1
        }
        return outcome
    }
}
