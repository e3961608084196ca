import HFBundles
public import HFPrimitives
import HFStore
public import HFWallet

/// Every transaction a wallet holds, as a person reads it (`history`, `pending list`; issue 28): its standing, which
/// way the money went, the net amount, the fee when the wallet paid one, the other side's addresses and the labels
/// that name any of it. Derived from the ledger and the labels; nothing is stored.
public struct WalletHistory {
    /// One transaction.
    public struct Entry: Sendable, Equatable {
        /// The transaction ID.
        public let txid: Txid
        /// Its derived standing.
        public let state: WalletTransactionState
        /// What it meant for the wallet.
        public let flow: TransactionFlow
        /// When the row was stored (RFC 3339): for a pending spend, when it was signed.
        public let createdAt: String
        /// The labels of the transaction, then of the addresses it pays, without repeats.
        public let labels: [String]
    }

    /// Oldest first: confirmed by height, then pending, unconfirmed and cancelled ones by when they were stored.
    public let entries: [Entry]

    /// The history of `wallet`.
    public init(_ wallet: SignerWallet) throws(SignerError) {
        let ledger = try wallet.ledger()
        let owned = try wallet.book.ownedAddresses()
        let labels = try WalletLabels(home: wallet.home, walletID: wallet.info.walletID, network: wallet.info.network).list()
        self.init(ledger: ledger, owned: owned, labels: labels, network: wallet.info.network)
    }

    /// The history of `ledger`'s transactions for the wallet owning `owned`.
    init(ledger: WalletLedger, owned: OwnedAddresses, labels: [WalletLabel], network: Network) {
        var byTxid: [Txid: Transaction] = [:]
        for transaction in ledger.transactions { byTxid[transaction.txid] = transaction.transaction }
        let previous = { (outpoint: OutPoint) -> TransactionOutput? in
            guard let transaction = byTxid[outpoint.txid], Int(outpoint.vout) < transaction.outputs.count else { return nil }
            return transaction.outputs[Int(outpoint.vout)]
        }
        var named: [String: String] = [:]
        for label in labels where label.kind != .output { named[label.ref] = label.label }
        var entries: [Entry] = []
        for (transaction, record) in zip(ledger.transactions, ledger.records) {
            let flow = TransactionFlow(
                transaction.transaction, network: network, previous: previous, owns: { owned.owner(of: $0) != nil })
            let paid = transaction.transaction.outputs.compactMap { $0.lockingScript.p2pkhAddress(network: network)?.string }
            var seen = Set<String>()
            let names = ([transaction.txid.displayHex] + paid).compactMap { named[$0] }.filter { seen.insert($0).inserted }
            entries.append(
                Entry(txid: transaction.txid, state: transaction.state, flow: flow, createdAt: record.createdAt, labels: names))
        }
        self.entries = entries.sorted { a, b in
            switch (a.state.height, b.state.height) {
            case let (x?, y?): x != y ? x < y : a.createdAt < b.createdAt
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.createdAt < b.createdAt
            }
        }
    }
}
