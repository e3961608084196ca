import HFBundles
public import HFPrimitives
import HFSPV
import HFStore

/// `hf-watcher status`: one screen of what the watcher holds on one network (issue 28) — its validated tip and the
/// tip header's time, the watched coins, and per wallet the addresses watched and used, and, from the newest signer
/// state it took, where the signer stands and what the next update would carry. Derived; nothing is written.
public struct WatcherStatus: Sendable, Equatable {
    /// One watched wallet.
    public struct Wallet: Sendable, Equatable {
        public let walletID: String
        /// Satoshis in confirmed and in unconfirmed unspent outputs paying the wallet's addresses.
        public let confirmed: UInt64
        public let unconfirmed: UInt64
        /// Addresses watched, and how many of them were paid.
        public let addresses: Int
        public let usedAddresses: Int
        /// The signer's validated tip in the newest state taken, nil when none was taken.
        public let signerTip: Int?
        /// When the signer wrote that state (seconds since 1970).
        public let signerStateTime: Int64?
        /// The signer's pending payments in that state.
        public let signerPending: Int
        /// What an update would carry now: headers, receipts, and whether it asks for more addresses. Nil when the
        /// signer's chain shares no recent block with this one (the update says why).
        public let updateHeaders: Int?
        public let updateReceipts: Int?
        public let asksForAddresses: Bool
    }

    public let network: String
    public let validatedTipHeight: Int
    /// The tip header's time (seconds since 1970), nil without a header at the tip.
    public let tipTime: UInt32?
    public let wallets: [Wallet]

    /// The status of `network` in `home`.
    public init(home: WatcherHome, network: Network) throws(WatcherError) {
        let chain = try home.headerChain(network: network)
        let ledger = try WatchOnlyLedger(home: home, chain: chain)
        let entries: [WatchedWallets.Entry]
        let trusted: [(walletID: String, identityKey: String)]
        do {
            let wallets = WatchedWallets(database: home.database, network: network.rawValue)
            entries = try wallets.addresses()
            trusted = try wallets.trusted()
        } catch { throw .database(error) }
        self.network = network.rawValue
        validatedTipHeight = chain.validatedTipHeight
        tipTime = chain.header(at: chain.validatedTipHeight)?.time
        var wallets: [Wallet] = []
        for (walletID, _) in trusted {
            let own = entries.filter { $0.walletID == walletID }
            let addresses = Set(own.map(\.address))
            let unspent = ledger.unspent.filter { addresses.contains($0.address) }
            let state = try SignerStateIntake.latest(walletID: walletID, network: network, home: home)
            var headers: Int?
            var receipts: Int?
            var asks = false
            if let state, let shared = try? UpdateExport.sharedHeight(state, chain: chain) {
                let reorganised = shared < Int(state.tip.height)
                headers = chain.validatedTipHeight - shared
                receipts = try UpdateExport.missingRows(
                    state, walletID: walletID, shared: reorganised ? shared : nil, home: home, chain: chain
                ).count
                asks = !(try UpdateExport.usedIndexes(state, walletID: walletID, home: home)).isEmpty
            }
            wallets.append(
                Wallet(
                    walletID: walletID,
                    confirmed: unspent.filter { $0.height != nil }.reduce(0) { $0 + $1.satoshis },
                    unconfirmed: unspent.filter { $0.height == nil }.reduce(0) { $0 + $1.satoshis },
                    addresses: own.count, usedAddresses: own.filter(\.used).count,
                    signerTip: state.map { Int($0.tip.height) }, signerStateTime: state?.createdAt.secondsSince1970,
                    signerPending: state?.pending.count ?? 0, updateHeaders: headers, updateReceipts: receipts,
                    asksForAddresses: asks))
        }
        self.wallets = wallets
    }
}
