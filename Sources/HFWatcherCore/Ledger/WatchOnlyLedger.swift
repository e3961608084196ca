import HFBundles
public import HFNetwork
public import HFPrimitives
public import HFSPV
import HFStore
public import HFWallet

/// The watch-only view: outputs paying watched addresses, minus those consumed by stored transactions. Confirmed
/// means the transaction's proof verified against the watcher's chain *and* its block is the chain's header at its
/// height now (`WatchedStanding`, derived on every build): an output of a block that left the best chain is
/// unconfirmed. What consumes is derived on every build too (`WatchedSpending`): a spend confirmed on the best chain
/// or reported unmined (in flight) consumes; a spend whose block left the best chain consumes nothing, so the coin
/// counts again as it stands, and is itself set aside with its change when it spent a watched coin.
public struct WatchOnlyLedger {
    /// One output paying a watched address.
    public struct Output: Encodable, Sendable, Equatable {
        public let txid: String
        public let vout: UInt32
        public let satoshis: UInt64
        public let address: String
        /// The block height while the transaction is on the best chain; nil while unconfirmed or orphaned.
        public let height: Int?
        /// For a 1-satoshi output only (nil, and left out of JSON, for every other): `ordinal` when its script holds
        /// an inscription envelope, otherwise `unknown` until the indexer is asked (`WatchedOrdinals`).
        public internal(set) var ordinal: OrdinalState?
    }

    /// Why a stored transaction is set aside: it consumes nothing and its outputs are not listed.
    public enum SetAside: Sendable, Equatable, CustomStringConvertible {
        /// Its block left the best chain and it spent a watched coin: the coin counts again instead.
        case orphanedSpend
        /// A transaction confirmed on the best chain (`by`) spends one of the same outpoints: it cannot be mined here.
        case doubleSpent(by: String)
        /// It spends an output of `parent`, which is set aside.
        case spendsSetAside(String)

        /// The `history` sentence.
        public var description: String {
            switch self {
            case .orphanedSpend: "its block left the best chain; the coins it spent count again"
            case .doubleSpent(let winner): "\(winner), confirmed on the best chain, spends the same coin"
            case .spendsSetAside(let parent): "it spends an output of \(parent), which is not counted"
            }
        }
    }

    /// One stored transaction of `history`.
    public struct Entry: Sendable, Equatable {
        public let txid: String
        /// The block height while on the best chain; nil while unconfirmed or orphaned.
        public let height: Int?
        /// Where it stands on the watcher's best chain now.
        public let standing: WatchedStanding
        /// Why it counts for nothing in `unspent`/`balance`; nil when it counts.
        public let setAside: SetAside?
        /// What it meant for the watched wallets (nil when the stored bytes do not parse).
        public let flow: TransactionFlow?
    }

    /// Unspent outputs paying watched addresses.
    public internal(set) var unspent: [Output]
    /// Stored transactions, confirmed ones by block height first, then the unconfirmed and orphaned ones.
    public let history: [Entry]
    /// Stored transactions proved in a block that is not on the best chain now, with that block's height.
    public let orphaned: [(txid: String, height: Int)]

    /// The ledger of `chain`'s network in `home`, confirmation derived from `chain`.
    public init(home: WatcherHome, chain: HeaderChain) throws(WatcherError) {
        let network = chain.network
        let rows: [WatchedTransactions.Row]
        let watched: Set<String>
        do {
            rows = try WatchedTransactions(database: home.database, network: network.rawValue).all()
            watched = Set(try WatchedWallets(database: home.database, network: network.rawValue).addresses().map(\.address))
        } catch {
            throw .database(error)
        }
        var confirmation = WatchedConfirmation(chain: chain)
        var items: [WatchedSpending.Item] = []
        var stood: [(row: WatchedTransactions.Row, standing: WatchedStanding, item: Int)] = []
        var orphaned: [(txid: String, height: Int)] = []
        var watchedOutputs: [(item: Int, output: Output)] = []
        for row in rows {
            let standing = confirmation.standing(of: row)
            if case .orphaned(let height, _) = standing { orphaned.append((row.txid, height)) }
            // A stored transaction that does not decode is a damaged store, never a transaction left out.
            guard let transaction = try? Transaction(bytes: row.raw), let txid = try? Txid(displayHex: row.txid),
                Txid(hashing: row.raw) == txid
            else {
                throw .database(.unknownValue(
                    table: "watched_transactions", row: row.txid, value: "\(row.raw.count) bytes that are not this transaction"))
            }
            for (vout, output) in transaction.outputs.enumerated() {
                guard let address = output.lockingScript.p2pkhAddress(network: network)?.string, watched.contains(address)
                else { continue }
                watchedOutputs.append((items.count, Output(
                    txid: row.txid, vout: UInt32(vout), satoshis: output.satoshis, address: address,
                    height: standing.confirmedHeight, ordinal: WatchedOrdinals.localState(of: output))))
            }
            stood.append((row, standing, items.count))
            items.append(WatchedSpending.Item(txid: txid, transaction: transaction, standing: standing))
        }
        let setAside = WatchedSpending.setAside(
            items, watched: Set(watchedOutputs.map { OutPoint(txid: items[$0.item].txid, vout: $0.output.vout) }))
        var consumed: Set<OutPoint> = []
        for (item, reason) in zip(items, setAside) where reason == nil && WatchedSpending.consumes(item.standing) {
            for input in item.transaction.inputs { consumed.insert(input.previousOutput) }
        }
        unspent = watchedOutputs.filter { entry in
            let outpoint = OutPoint(txid: items[entry.item].txid, vout: entry.output.vout)
            return setAside[entry.item] == nil && !consumed.contains(outpoint)
        }.map(\.output)
        var byTxid: [Txid: Transaction] = [:]
        for item in items { byTxid[item.txid] = item.transaction }
        let previous = { (outpoint: OutPoint) -> TransactionOutput? in
            guard let transaction = byTxid[outpoint.txid], Int(outpoint.vout) < transaction.outputs.count else { return nil }
            return transaction.outputs[Int(outpoint.vout)]
        }
        let owns = { (script: Script) in script.p2pkhAddress(network: network).map { watched.contains($0.string) } ?? false }
        let entries = stood.map { entry in
            Entry(
                txid: entry.row.txid, height: entry.standing.confirmedHeight, standing: entry.standing,
                setAside: setAside[entry.item],
                flow: TransactionFlow(items[entry.item].transaction, network: network, previous: previous, owns: owns))
        }
        // Stable: rows come oldest stored block first; an orphaned row moves behind the confirmed ones.
        history = entries.filter { $0.height != nil } + entries.filter { $0.height == nil }
        self.orphaned = orphaned
    }

    /// `balance --json`: `{"confirmed","unconfirmed"}`.
    public var balance: Balance {
        Balance(
            confirmed: unspent.filter { $0.height != nil }.reduce(0) { $0 + $1.satoshis },
            unconfirmed: unspent.filter { $0.height == nil }.reduce(0) { $0 + $1.satoshis })
    }

    public struct Balance: Encodable, Sendable, Equatable {
        public let confirmed: UInt64
        public let unconfirmed: UInt64
    }

    /// Unused watched receive addresses of each wallet: `(walletID, count)`.
    public static func unusedAddresses(home: WatcherHome, network: Network) throws(WatcherError) -> [(String, Int)] {
        let entries: [WatchedWallets.Entry]
        do { entries = try WatchedWallets(database: home.database, network: network.rawValue).addresses() } catch {
            throw .database(error)
        }
        var counts: [String: Int] = [:]
        for entry in entries {
            let isReceive = PackReference.parse(scheme: entry.scheme, reference: entry.reference)?.chain == .receive
            counts[entry.walletID, default: 0] += isReceive && !entry.used ? 1 : 0
        }
        return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
