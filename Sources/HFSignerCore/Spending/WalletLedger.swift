import HFPrimitives
public import HFSPV
public import HFStore
public import HFWallet

/// A wallet's coins, reconstructed from the transactions the store holds (never from a service): receipts on the
/// best chain pay it, its own signed transactions and transactions confirmed on the best chain spend from it
/// (docs/design.md §6). Each transaction's state is derived from `chain` when the ledger is built (`ChainConfirmation`).
public struct WalletLedger {
    /// The stored transactions, as the engine sees them (with their derived states).
    public let transactions: [WalletTransaction]
    /// The stored rows, in the same order.
    public let records: [TransactionRecord]
    /// The reconstructed UTXO set.
    public let utxos: UTXOSet

    /// The ledger of `book`'s wallet on `chain`.
    public init(home: SignerHome, book: AddressBook, chain: HeaderChain) throws(SignerError) {
        let stored: [TransactionRecord]
        do { stored = try TransactionRecords(database: home.database).list(walletID: book.record.walletID) } catch {
            throw .database(error)
        }
        var transactions: [WalletTransaction] = []
        var records: [TransactionRecord] = []
        var confirmation = ChainConfirmation(chain: chain)
        for record in stored {
            // A stored transaction that does not decode is a damaged store, never a transaction left out.
            guard let transaction = try? Transaction(bytes: record.raw) else {
                throw .database(.unknownValue(
                    table: "transactions", row: record.txid.displayHex, value: "\(record.raw.count) bytes that are no transaction"))
            }
            transactions.append(WalletTransaction(transaction: transaction, state: confirmation.state(of: record)))
            records.append(record)
        }
        self.transactions = transactions
        self.records = records
        utxos = UTXOSet(transactions: transactions, addresses: try book.ownedAddresses())
    }

    /// The balance summary of `balance --json`.
    public func balance(walletID: String) -> Balance {
        Balance(
            walletId: walletID, confirmed: utxos.confirmedSatoshis, pendingOut: utxos.pendingOutSatoshis,
            utxoCount: utxos.utxos.count)
    }

    /// The row of a pending or other transaction named by its txid or a prefix of at least 8 hex digits.
    public func record(matching prefix: String) throws(SignerError) -> TransactionRecord {
        guard prefix.count >= 8 else { throw .rejected(reason: "give at least 8 hex digits of the txid") }
        let matches = records.filter { $0.txid.displayHex.hasPrefix(prefix.lowercased()) }
        guard matches.count == 1 else {
            throw .rejected(reason: matches.isEmpty ? "no transaction of this wallet starts with \(prefix)"
                : "\(matches.count) transactions start with \(prefix); give more digits")
        }
        return matches[0]
    }

    /// The wallet's own signed transactions that are pending now (never seen on the best chain, not cancelled),
    /// oldest first: those `pending list` shows, including those whose block left the best chain.
    public var pending: [TransactionRecord] {
        zip(transactions, records).filter { $0.0.state == .pending }.map(\.1)
    }

    /// The derived state of `record` (a row of this ledger).
    public func state(of record: TransactionRecord) -> WalletTransactionState? {
        records.firstIndex { $0.txid == record.txid }.map { transactions[$0].state }
    }
}

/// `balance --json`: `{"confirmed","pendingOut","utxoCount","walletId"}`.
public struct Balance: Encodable, Sendable, Equatable {
    public let walletId: String
    /// Satoshis in confirmed, unspent outputs (protected ones included).
    public let confirmed: UInt64
    /// Net satoshis leaving in signed transactions not yet seen confirmed.
    public let pendingOut: UInt64
    /// Confirmed unspent outputs.
    public let utxoCount: Int
}
