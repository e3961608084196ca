import HFWallet
import HFPrimitives
import HFSPV

/// `hf-signer status`: one screen of what the home holds on one network (issue 28) — the validated tip and its
/// header time, each wallet's money (confirmed, leaving in pending payments, change in flight), its pending
/// payments, how far its address packs reach and how much of that is used, the spending policy's window, and the
/// next thing to do. Derived; nothing is written.
public struct SignerStatus: Sendable, Equatable {
    /// One wallet's figures.
    public struct Wallet: Sendable, Equatable {
        public let walletID: String
        public let title: String
        public let isDefault: Bool
        /// Satoshis in confirmed unspent outputs.
        public let confirmed: UInt64
        /// Net satoshis leaving in signed payments not yet confirmed.
        public let pendingOut: UInt64
        /// Change of those payments coming back (counted once confirmed).
        public let pendingChange: UInt64
        /// The pending payments.
        public let pendingCount: Int
        /// Receive addresses: the next unused index, and where what the watcher was given ends.
        public let receiveUsed: Int
        public let receiveExported: Int
        /// Whether the wallet's activity reaches past what its packs cover (the next bundle written carries more).
        public let packBehind: Bool
    }

    /// The network.
    public let network: String
    /// The validated tip.
    public let validatedTipHeight: Int
    /// The tip header's time (seconds since 1970), nil at a bare checkpoint without a header.
    public let tipTime: UInt32?
    /// The wallets of the network.
    public let wallets: [Wallet]
    /// The spending policy of the network.
    public let policy: PolicyStatus

    /// The status of `session`'s network; the vault is opened (the store passphrase from `secrets`) to derive the
    /// wallets' addresses.
    public init(_ session: SignerSession, secrets: any SignerSecrets) throws(SignerError) {
        let chain = try session.chain()
        network = session.network.rawValue
        validatedTipHeight = chain.validatedTipHeight
        tipTime = chain.header(at: chain.validatedTipHeight)?.time
        var wallets: [Wallet] = []
        for info in try SignerWallets(home: session.home, network: session.network).list() {
            let wallet = try session.openWallet(.id(info.walletID), secrets: secrets)
            let ledger = try wallet.ledger()
            let book = wallet.book
            let scheme = info.derivation
            var behind = false
            for (scheme, chain, end) in try book.watchRange(extraReceive: 0) where end > (try book.exportedIndex(scheme, chain)) {
                behind = true
            }
            wallets.append(
                Wallet(
                    walletID: info.walletID, title: info.title, isDefault: info.isDefault,
                    confirmed: ledger.utxos.confirmedSatoshis, pendingOut: ledger.utxos.pendingOutSatoshis,
                    pendingChange: ledger.utxos.pendingChangeSatoshis, pendingCount: ledger.pending.count,
                    receiveUsed: try book.nextIndex(scheme, .receive),
                    receiveExported: try book.exportedIndex(scheme, .receive), packBehind: behind))
        }
        self.wallets = wallets
        policy = try session.policyStatus()
    }
}
