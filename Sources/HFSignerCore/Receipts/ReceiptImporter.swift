public import HFBundles
import HFPrimitives
public import HFSPV
import HFStore
public import HFWallet

/// Imports an `.hfreceipt` into a wallet (docs/design.md §4): SPV first, then relevance — an output pays one of the wallet's
/// addresses or one of its sweep addresses (`SweepService`; such outputs are not the wallet's balance until swept),
/// an input spends one of its outpoints, or the txid is one of its pending transactions. Re-importing a receipt
/// changes nothing.
///
/// Auto-rediscovery (docs/requirements/wallet.md): a receipt that is none of these is not refused at once. The addresses its outputs
/// pay are searched for in every chain of both schemes up to `search` (10,000 indexes each by default); the ones
/// found are recorded as used with the receipt, so the wallet's range, balance and next pack cover them. Only a
/// receipt paying nothing found within the bound is refused as not ours.
public struct ReceiptImporter {
    /// What an accepted receipt did.
    public struct Outcome: Sendable, Equatable {
        public let txid: String
        /// Satoshis of the outputs paying the wallet.
        public let received: UInt64
        /// False when the store already held the transaction as confirmed in that block.
        public let changed: Bool
        /// Satoshis of the outputs paying the wallet's sweep addresses (not in its balance until swept).
        public var toSweep: UInt64 = 0
        /// The wallet the receipt was applied to.
        public var walletID: String = ""
    }

    let home: SignerHome
    let book: AddressBook
    let chain: HeaderChain
    /// How far the search for an unknown payee goes (`import --max`; 10,000 indexes per chain and scheme by default).
    public var search: AddressSearch = .standard
    /// Told how the search for an unknown payee advances (nil: nothing is told).
    public var searchProgress: AddressSearch.Progress?

    /// An importer into `book`'s wallet, verifying against `chain`.
    public init(home: SignerHome, book: AddressBook, chain: HeaderChain) {
        self.home = home
        self.book = book
        self.chain = chain
    }

    /// Verifies and stores `receipt` (one store transaction).
    ///
    /// - Throws: `SignerError.rejected` with the verdict (or "not ours", after the search for its payees); the store
    ///   is unchanged then.
    public func importReceipt(_ receipt: ReceiptBundle) throws(SignerError) -> Outcome {
        let transaction = try verifiedTransaction(receipt)
        let owned = try book.ownedAddresses()
        let walletID = book.record.walletID
        let records = TransactionRecords(database: home.database)
        let stored: [TransactionRecord]
        do { stored = try records.list(walletID: walletID) } catch { throw .database(error) }
        let txid = receipt.txid.displayHex
        func payments(to owned: OwnedAddresses) -> [(TransactionOutput, DerivedAddress)] {
            transaction.outputs.compactMap { output in owned.owner(of: output.lockingScript).map { (output, $0) } }
        }
        var paid = payments(to: owned)
        let spendsOurs = try spendsOutpoint(of: transaction, in: stored, owned: owned)
        let existing = stored.first { $0.txid == receipt.txid }
        let sweep = try SweepService(home: home, book: book).addresses()
        let toSweep = transaction.outputs.filter { $0.lockingScript.p2pkhHash160.map(sweep.contains) == true }
            .reduce(0) { $0 + $1.satoshis }
        let paysSweep = transaction.outputs.contains { $0.lockingScript.p2pkhHash160.map(sweep.contains) == true }
        if paid.isEmpty, !spendsOurs, !paysSweep, existing == nil {
            let found = try book.find(payeesOf: transaction.outputs, search: search, progress: searchProgress)
            guard !found.isEmpty else {
                throw .inclusion(
                    .notOurs,
                    subject: "receipt \(txid) (every chain searched to index \(search.bound - 1); for an address further "
                        + "out import again with --max N, up to \(AddressSearch.maximumBound))")
            }
            paid = payments(to: OwnedAddresses(found))
        }
        let received = paid.reduce(0) { $0 + $1.0.satoshis }
        let blockHash = receipt.blockHash
        if let existing, existing.state == .confirmed, existing.blockHash == blockHash {
            return Outcome(txid: txid, received: received, changed: false, toSweep: toSweep, walletID: walletID)
        }
        let record = TransactionRecord(
            walletID: walletID, txid: receipt.txid, raw: receipt.rawTx, state: .confirmed, blockHeight: Int(receipt.blockHeight),
            blockHash: blockHash, receipt: receipt.encoded(), createdAt: existing?.createdAt ?? SignerWallets.now())
        try home.database.transaction { () throws(SignerError) in
            do throws(DatabaseError) { try records.save(record) } catch { throw .database(error) }
            for (_, address) in paid { try book.recordUsed(address) }
            try repairDerivation()
        }
        return Outcome(txid: txid, received: received, changed: true, toSweep: toSweep, walletID: walletID)
    }

    /// Whether `receipt`'s transaction concerns this wallet without any search: an output pays one of its known
    /// addresses or sweep addresses, an input spends one of its coins, or the wallet already holds the transaction.
    /// Its proof is checked first (as ``importReceipt(_:)`` checks it); nothing is stored.
    ///
    /// - Throws: `SignerError.inclusion` for a proof the chain does not confirm; `.rejected` when the transaction
    ///   does not parse; store errors.
    public func concerns(_ receipt: ReceiptBundle) throws(SignerError) -> Bool {
        let transaction = try verifiedTransaction(receipt)
        let owned = try book.ownedAddresses()
        if transaction.outputs.contains(where: { owned.owner(of: $0.lockingScript) != nil }) { return true }
        let stored: [TransactionRecord]
        do { stored = try TransactionRecords(database: home.database).list(walletID: book.record.walletID) } catch {
            throw .database(error)
        }
        if stored.contains(where: { $0.txid == receipt.txid }) { return true }
        if try spendsOutpoint(of: transaction, in: stored, owned: owned) { return true }
        let sweep = try SweepService(home: home, book: book).addresses()
        return transaction.outputs.contains { $0.lockingScript.p2pkhHash160.map(sweep.contains) == true }
    }

    /// Derivation-type auto-repair (docs/requirements/wallet.md): a bip44 wallet whose Type42 addresses are used becomes type42, and a
    /// type42 wallet with only BIP44 addresses used becomes bip44.
    private func repairDerivation() throws(SignerError) {
        func used(_ scheme: DerivationScheme) throws(SignerError) -> Bool {
            let receive = try book.nextIndex(scheme, .receive)
            let change = try book.nextIndex(scheme, .change)
            return receive > 0 || change > 0
        }
        guard let suggestion = DerivationRepair.suggestion(
            current: book.scheme, type42Used: try used(.type42), bip44Used: try used(.bip44))
        else { return }
        do { try WalletRecords(database: home.database).setDerivation(book.record.walletID, to: suggestion) } catch {
            throw .database(error)
        }
    }

    /// Whether an input spends an output of a stored transaction that pays the wallet.
    private func spendsOutpoint(
        of transaction: Transaction, in stored: [TransactionRecord], owned: OwnedAddresses
    ) throws(SignerError) -> Bool {
        let spent = Set(transaction.inputs.map { $0.previousOutput })
        for record in stored {
            guard let parent = try? Transaction(bytes: record.raw) else { continue }
            for (vout, output) in parent.outputs.enumerated()
            where owned.owner(of: output.lockingScript) != nil
                && spent.contains(OutPoint(txid: parent.txid, vout: UInt32(vout)))
            {
                return true
            }
        }
        return false
    }

    /// The receipt's transaction, read only once its proof is in the chain (a 64-byte "transaction" that is an inner
    /// node of the tree is refused as such, not as unparseable).
    /// - Throws: `SignerError.inclusion` for a proof the chain does not confirm; `.rejected` when it does not parse.
    private func verifiedTransaction(_ receipt: ReceiptBundle) throws(SignerError) -> Transaction {
        let verdict = ReceiptCheck.verdict(receipt, chain: chain)
        guard verdict == .verified else { throw .inclusion(verdict, subject: "receipt \(receipt.txid.displayHex)") }
        do { return try Transaction(bytes: receipt.rawTx) } catch {
            throw .rejected(reason: "receipt \(receipt.txid.displayHex): the transaction does not parse: \(error)")
        }
    }
}
