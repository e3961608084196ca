public import HFPrimitives
public import HFSPV
import HFStore

/// `watch`'s deposit detection (the watcher's core owns it; the command only prints): each poll reports the
/// unspent outputs of the watched addresses not seen before, once each.
///
/// Seeding is per address, so per wallet and per pack (issue 17): the first poll that sees a watched address
/// remembers the outputs already paying it without reporting them, so the old coins of a first launch, of a wallet
/// whose pack is imported later, or of the wider range of a later pack are not announced as new. Outputs arriving at
/// a seeded address are reported.
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

    /// A watch over `home`'s addresses of `network`.
    public init(home: WatcherHome, network: Network) throws(WatcherError) {
        self.home = home
        self.network = network
    }

    /// The deposits since the last poll; each is remembered once reported, with its height as `chain` (of the
    /// watch's network) has it now. Outputs of addresses no poll has seen are remembered silently (one store
    /// transaction).
    ///
    /// - Parameter seedingNewAddresses: whether the addresses seen now count as seen from here on; pass false when
    ///   the sync before this poll failed, so an address whose history was not fetched yet is seeded by a later poll.
    public mutating func poll(chain: HeaderChain, seedingNewAddresses: Bool = true) throws(WatcherError) -> [Deposit] {
        precondition(chain.network == network, "DepositWatch.poll: a chain of another network")
        let transactions = WatchedTransactions(database: home.database, network: network.rawValue)
        let seeding = DepositSeeding(database: home.database, network: network.rawValue)
        let unspent = try WatchOnlyLedger(home: home, chain: chain).unspent
        do {
            return try home.database.transaction { () throws(DatabaseError) in
                let known = try transactions.knownOutpoints()
                let seeded = try seeding.seededAddresses()
                var deposits: [Deposit] = []
                for output in unspent where !known.contains("\(output.txid):\(output.vout)") {
                    try transactions.rememberOutpoint("\(output.txid):\(output.vout)", satoshis: output.satoshis)
                    if seeded.contains(output.address) {
                        deposits.append(Deposit(
                            txid: output.txid, vout: output.vout, satoshis: output.satoshis, address: output.address,
                            height: output.height))
                    }
                }
                if seedingNewAddresses { try seeding.seedWatchedAddresses() }
                return deposits
            }
        } catch {
            throw .database(error)
        }
    }
}
