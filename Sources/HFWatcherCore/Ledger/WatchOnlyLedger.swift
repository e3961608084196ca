public import HFPrimitives
public import HFSPV
import HFStore

/// The watch-only view: outputs paying watched addresses, minus those spent by stored transactions. Confirmed means
/// the transaction's proof verified against the watcher's chain *and* its block is the chain's header at its height
/// now (`WatchedStanding`, derived on every build): an output of a block that left the best chain is unconfirmed.
/// A stored transaction spends its inputs whatever its standing (a spend seen once is expected to be mined again;
/// the signer, not the watcher, decides what is spendable).
public struct WatchOnlyLedger {
    /// One output paying a watched address.
    public struct Output: Encodable, Sendable, Equatable {
        public let txid: String
        public let vout: UInt32
        public let satoshis: UInt64
        public let address: String
        /// The block height while the transaction is on the best chain; nil while unconfirmed or orphaned.
        public let height: Int?
    }

    /// Unspent outputs paying watched addresses.
    public let unspent: [Output]
    /// Stored transactions, confirmed ones by block height first, then the unconfirmed and orphaned ones:
    /// `(txid, height)`, height nil unless on the best chain.
    public let history: [(txid: String, height: Int?)]
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
        var outputs: [Output] = []
        var spent: Set<OutPoint> = []
        var entries: [(txid: String, height: Int?)] = []
        var orphaned: [(txid: String, height: Int)] = []
        for row in rows {
            let standing = confirmation.standing(of: row)
            if case .orphaned(let height, _) = standing { orphaned.append((row.txid, height)) }
            let height = standing.confirmedHeight
            entries.append((row.txid, height))
            guard let transaction = try? Transaction(bytes: row.raw) else { continue }
            for input in transaction.inputs { spent.insert(input.previousOutput) }
            for (vout, output) in transaction.outputs.enumerated() {
                guard let address = output.lockingScript.p2pkhAddress(network: network)?.string, watched.contains(address)
                else { continue }
                outputs.append(Output(txid: row.txid, vout: UInt32(vout), satoshis: output.satoshis, address: address, height: height))
            }
        }
        unspent = outputs.filter { output in
            guard let txid = try? Txid(displayHex: output.txid) else { return false }
            return !spent.contains(OutPoint(txid: txid, vout: output.vout))
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
            let isReceive = entry.reference.hasPrefix("1-wallet-") || entry.reference.hasPrefix("m/44'/236'/0'/0/")
            counts[entry.walletID, default: 0] += isReceive && !entry.used ? 1 : 0
        }
        return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
