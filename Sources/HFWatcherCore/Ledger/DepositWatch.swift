public import HFPrimitives
public import HFSPV
import HFStore

/// `watch`'s deposit detection (the watcher's core owns it; the command only prints): each poll reports the
/// unspent outputs of the watched addresses not seen before, once each. The first poll of a home that has never
/// remembered an outpoint reports nothing (it seeds what is already there), so old coins are not announced as new.
public struct DepositWatch {
    /// A new unspent output paying a watched address.
    public struct Deposit: Sendable, Equatable {
        public let txid: String
        public let vout: UInt32
        public let satoshis: UInt64
        public let address: String
        /// The block height, nil while unconfirmed (or its block is off the best chain).
        public let height: Int?
    }

    private let home: WatcherHome
    private let network: Network
    private var seeding: Bool

    /// A watch over `home`'s addresses of `network`.
    public init(home: WatcherHome, network: Network) throws(WatcherError) {
        self.home = home
        self.network = network
        do {
            seeding = try WatchedTransactions(database: home.database, network: network.rawValue).knownOutpoints().isEmpty
        } catch {
            throw .database(error)
        }
    }

    /// The deposits since the last poll (none on a seeding first poll); each is remembered once reported, with its
    /// height as `chain` (of the watch's network) has it now.
    public mutating func poll(chain: HeaderChain) throws(WatcherError) -> [Deposit] {
        precondition(chain.network == network, "DepositWatch.poll: a chain of another network")
        let transactions = WatchedTransactions(database: home.database, network: network.rawValue)
        let unspent = try WatchOnlyLedger(home: home, chain: chain).unspent
        var deposits: [Deposit] = []
        do {
            let known = try transactions.knownOutpoints()
            for output in unspent where !known.contains("\(output.txid):\(output.vout)") {
                try transactions.rememberOutpoint("\(output.txid):\(output.vout)", satoshis: output.satoshis)
                if !seeding {
                    deposits.append(Deposit(
                        txid: output.txid, vout: output.vout, satoshis: output.satoshis, address: output.address,
                        height: output.height))
                }
            }
        } catch {
            throw .database(error)
        }
        seeding = false
        return deposits
    }
}
