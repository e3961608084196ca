import Foundation
public import HFBundles
import HFCrypto
public import HFPrimitives
public import HFStore
public import HFWallet

/// Cold-mode spending (seed 004): plan, sign and keep a transaction as pending (its inputs count as spent) with its
/// `.hftx` for the watcher. The caller writes the file inside `commit`, so a failed write stores nothing.
public struct SpendService {
    /// A signed transaction ready to be kept.
    public struct Signed {
        public let plan: PaymentPlan
        public let transaction: Transaction
        public let bundle: TransactionBundle
        public var txid: String { transaction.txid.displayHex }
    }

    let home: SignerHome
    let book: AddressBook
    /// The validated tip height, passed in by the façade: the lock time (anti fee sniping).
    let lockTimeHeight: Int

    /// A spender for `book`'s wallet with the chain's validated tip height.
    public init(home: SignerHome, book: AddressBook, lockTimeHeight: Int) {
        self.home = home
        self.book = book
        self.lockTimeHeight = lockTimeHeight
    }

    /// Plans a payment (refusing one over 100 KB before any approval).
    public func planPayment(
        to recipients: [PaymentRecipient], data: [UInt8]?, feeRate: FeeRate
    ) throws(SignerError) -> PaymentPlan {
        let ledger = try WalletLedger(home: home, book: book)
        let change = [try book.freshChange(offset: 0), try book.freshChange(offset: 1)]
        do {
            return try PaymentBuilder(network: book.keys.network, feeRate: feeRate).plan(
                paying: recipients, data: data, from: ledger.utxos.utxos, changeAddresses: change,
                lockTimeHeight: UInt32(lockTimeHeight))
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// Plans splitting the UTXO at `outpoint` into `count` outputs at fresh receive addresses.
    public func planSplit(_ outpoint: OutPoint, into count: Int, feeRate: FeeRate) throws(SignerError) -> PaymentPlan {
        let ledger = try WalletLedger(home: home, book: book)
        guard let utxo = ledger.utxos.utxos.first(where: { $0.outpoint == outpoint }) else {
            throw .rejected(reason: "\(outpoint) is not an unspent confirmed output of this wallet")
        }
        let start = try book.nextIndex(book.scheme, .receive)
        let addresses = try book.list(chain: .receive, start: UInt32(start), count: max(count, 0))
        do {
            return try SplitBuilder(network: book.keys.network, feeRate: feeRate).plan(
                splitting: utxo, into: count, addresses: addresses, lockTimeHeight: UInt32(lockTimeHeight))
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// Signs `plan` with the wallet's keys and verifies every input before anything is kept.
    public func sign(_ plan: PaymentPlan) throws(SignerError) -> Signed {
        let keys = book.keys
        let extended: ExtendedTransaction
        do { extended = try plan.signed { address in try? keys.privateKey(for: address) } } catch {
            throw .rejected(reason: "\(error)")
        }
        let transaction = extended.transaction
        let cache = SighashCache(transaction: transaction)
        for index in transaction.inputs.indices
        where !P2PKHVerifier.isValid(input: index, of: cache, sourceOutput: plan.sourceOutputs[index]) {
            throw .rejected(reason: "input \(index) does not verify after signing; nothing was kept")
        }
        do {
            let inputs = try plan.inputs.map { utxo in
                try PreviousOutput(
                    txid: utxo.outpoint.txid, vout: utxo.outpoint.vout, satoshis: utxo.output.amount,
                    lockingScript: utxo.lockingScript.bytes)
            }
            let bundle = try TransactionBundle(
                network: keys.network, rawTx: transaction.serialized,
                createdAt: RFC3339Timestamp.now(), inputs: inputs)
            return Signed(plan: plan, transaction: transaction, bundle: bundle)
        } catch {
            throw .rejected(reason: "cannot build the .hftx: \(error)")
        }
    }

    /// Keeps `signed` as pending and advances the address indexes it used, in one store transaction; `write` (the
    /// `.hftx` file) runs inside it, so if it fails nothing is kept.
    public func commit(_ signed: Signed, write: () throws(SignerError) -> Void) throws(SignerError) {
        try PendingTransaction.keep(
            signed.transaction, bundle: signed.bundle, usedAddresses: signed.plan.usedAddresses, home: home, book: book,
            write: write)
    }

    /// Cancels a pending transaction: its inputs are free again. Refused once it is seen confirmed.
    public func cancel(_ record: TransactionRecord) throws(SignerError) {
        guard record.state == .pending else {
            throw .rejected(reason: "transaction \(record.txid) is \(record.state.rawValue), not pending; it cannot be cancelled")
        }
        var cancelled = record
        cancelled.state = .cancelled
        try home.database.transaction { () throws(SignerError) in
            do throws(DatabaseError) { try TransactionRecords(database: home.database).save(cancelled) } catch {
                throw .database(error)
            }
        }
    }
}
