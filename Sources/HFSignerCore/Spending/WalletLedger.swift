import HFPrimitives
public import HFStore
public import HFWallet

/// A wallet's coins, reconstructed from the transactions the store holds (never from a service): confirmed receipts
/// pay it, its own signed transactions and verified foreign ones spend from it (DESIGN §6).
public struct WalletLedger {
    /// The stored transactions, as the engine sees them.
    public let transactions: [WalletTransaction]
    /// The stored rows, in the same order.
    public let records: [TransactionRecord]
    /// The reconstructed UTXO set.
    public let utxos: UTXOSet

    /// The ledger of `book`'s wallet.
    public init(home: SignerHome, book: AddressBook) throws(SignerError) {
        let stored: [TransactionRecord]
        do { stored = try TransactionRecords(database: home.database).list(walletID: book.record.walletID) } catch {
            throw .database(error)
        }
        var transactions: [WalletTransaction] = []
        var records: [TransactionRecord] = []
        for record in stored {
            guard let transaction = try? Transaction(bytes: record.raw) else { continue }
            transactions.append(WalletTransaction(transaction: transaction, state: Self.state(of: record)))
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
        let matches = records.filter { $0.txid.hasPrefix(prefix.lowercased()) }
        guard matches.count == 1 else {
            throw .rejected(reason: matches.isEmpty ? "no transaction of this wallet starts with \(prefix)"
                : "\(matches.count) transactions start with \(prefix); give more digits")
        }
        return matches[0]
    }

    private static func state(of record: TransactionRecord) -> WalletTransactionState {
        switch record.state {
        case .confirmed: record.blockHeight.map { .confirmed(height: $0) } ?? .unconfirmed
        case .pending: .pending
        case .cancelled: .cancelled
        case .unconfirmed: .unconfirmed
        }
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
