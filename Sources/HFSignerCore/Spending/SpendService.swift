import Foundation
public import HFBundles
import HFCrypto
public import HFPrimitives
public import HFSPV
import HFStore
public import HFWallet

/// Cold-mode spending (docs/requirements/wallet.md): plan, sign and keep a transaction as pending (its inputs count as spent) with its
/// `.hftx` for the watcher. `commit` keeps the transaction first and writes the file after (`PendingTransaction`).
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
    /// The chain that decides which receipts count (confirmation is derived from it).
    let chain: HeaderChain
    /// The validated tip height, passed in by the façade: the lock time (anti fee sniping).
    var lockTimeHeight: Int { chain.validatedTipHeight }

    /// A spender for `book`'s wallet on `chain`.
    public init(home: SignerHome, book: AddressBook, chain: HeaderChain) {
        self.home = home
        self.book = book
        self.chain = chain
    }

    /// Plans a payment of `outputs` (refusing one over 100 KB before any approval).
    func planPayment(_ outputs: [PaymentOutput], feeRate: FeeRate) throws(SignerError) -> PaymentPlan {
        let ledger = try WalletLedger(home: home, book: book, chain: chain)
        let change = [try book.freshChange(offset: 0), try book.freshChange(offset: 1)]
        do {
            return try PaymentBuilder(network: book.keys.network, feeRate: feeRate).plan(
                outputs: outputs, from: ledger.utxos.utxos, changeAddresses: change,
                lockTimeHeight: UInt32(lockTimeHeight))
        } catch {
            throw .payment(error)
        }
    }

    /// Plans splitting the UTXO at `outpoint` into `count` outputs at fresh receive addresses.
    func planSplit(_ outpoint: OutPoint, into count: Int, feeRate: FeeRate) throws(SignerError) -> PaymentPlan {
        let ledger = try WalletLedger(home: home, book: book, chain: chain)
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
    func sign(_ plan: PaymentPlan) throws(SignerError) -> Signed {
        let keys = book.keys
        let extended: ExtendedTransaction
        do { extended = try plan.signed { address in try? keys.privateKey(for: address) } } catch {
            throw .payment(error)
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

    /// Keeps `signed` as pending and advances the address indexes it used (with `callID`, records the BRC-100 call
    /// it answers), in one store transaction, then writes its `.hftx` to the new file `out` from the stored bytes.
    func commit(_ signed: Signed, out: String, answering callID: String? = nil) throws(SignerError) {
        try PendingTransaction.keep(
            signed.transaction, bundle: signed.bundle, usedAddresses: signed.plan.usedAddresses, home: home, book: book,
            chain: chain, out: out, answering: callID)
    }

    /// A pending transaction as `pending list` shows it.
    public struct PendingInfo: Sendable, Equatable {
        /// Display hex; also the pending ID.
        public let txid: String
        /// RFC 3339.
        public let createdAt: String
    }

    /// The wallet's pending transactions (derived: never seen on the best chain, not cancelled), oldest first.
    public func pending() throws(SignerError) -> [PendingInfo] {
        try WalletLedger(home: home, book: book, chain: chain).pending.map {
            PendingInfo(txid: $0.txid.displayHex, createdAt: $0.createdAt)
        }
    }

    /// Writes the `.hftx` of the pending transaction named by `id` (its txid or a prefix of 8+ hex digits) again,
    /// to the new file `out` (after a crash between the commit and the file, or to carry it once more).
    /// - Returns: the txid.
    @discardableResult
    public func exportPending(_ id: String, out: String) throws(SignerError) -> String {
        let ledger = try WalletLedger(home: home, book: book, chain: chain)
        let record = try ledger.record(matching: id)
        guard ledger.state(of: record) == .pending else {
            throw .rejected(reason: "transaction \(record.txid) is \(describe(ledger.state(of: record))), not a pending "
                + "signed transaction")
        }
        try PendingTransaction.write(
            walletID: record.walletID, txid: record.txid,
            state: try SignerStateMaker.make(book: book, chain: chain, home: home), home: home, to: out)
        return record.txid.displayHex
    }

    /// What cancelling a pending transaction did.
    public struct Cancellation: Sendable, Equatable {
        public let txid: String
        /// Set when the transaction may still confirm: it was mined in a block that left the best chain, or its
        /// `.hftx` was written (so it may have been broadcast).
        public let warning: String
    }

    /// Cancels the pending transaction named by `id` (its txid or a prefix of 8+ hex digits): its inputs are free
    /// again. Refused once it is confirmed on the best chain.
    public func cancel(_ id: String) throws(SignerError) -> Cancellation {
        let ledger = try WalletLedger(home: home, book: book, chain: chain)
        let record = try ledger.record(matching: id)
        guard ledger.state(of: record) == .pending else {
            throw .rejected(reason: "transaction \(record.txid) is \(describe(ledger.state(of: record))), not pending; "
                + "it cannot be cancelled")
        }
        var cancelled = record
        cancelled.state = .cancelled
        try home.database.transaction { () throws(SignerError) in
            do throws(DatabaseError) { try TransactionRecords(database: home.database).save(cancelled) } catch {
                throw .database(error)
            }
        }
        let warning = if record.receipt != nil, let height = record.blockHeight {
            "it was mined at height \(height) in a block that left the best chain and may still confirm; its inputs "
                + "are spendable again, and a receipt of it on the best chain brings it back"
        } else {
            "its .hftx was written; if it was broadcast it may still confirm, and its receipt then brings it back"
        }
        return Cancellation(txid: record.txid.displayHex, warning: warning)
    }

    private func describe(_ state: WalletTransactionState?) -> String {
        switch state {
        case .confirmed(let height): "confirmed at height \(height)"
        case .pending: "pending"
        case .cancelled: "cancelled"
        case .unconfirmed, nil: "not confirmed on the best chain (not signed here)"
        }
    }
}
