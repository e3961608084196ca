import HFPrimitives
import HFSPV
import HFStore
import Foundation

/// The home, chain and ledger behind each local answer, opened for that answer only and one answer at a time.
extension WalletAPI {
    /// What the listings read: the ledger, the served wallet's addresses and, when asked for, the stored
    /// transactions.
    struct LedgerView {
        let ledger: WatchOnlyLedger
        let served: Set<String>
        let rows: [WatchedTransactions.Row]
    }

    /// `body` with the home opened afresh.
    func withHome<T>(_ body: (WatcherHome) throws(WatcherError) -> T) throws(WalletAPIRefusal) -> T {
        gate.lock()
        defer { gate.unlock() }
        do { return try body(try WatcherHome.open(explicit: homePath)) } catch {
            throw .internalError("the watcher's home could not be read: \(error.description)")
        }
    }

    /// `body` with the validated header chain as it is now.
    func withChain<T>(_ body: (HeaderChain) throws(WalletAPIRefusal) -> T) throws(WalletAPIRefusal) -> T {
        let chain = try withHome { home throws(WatcherError) in try home.headerChain(network: self.network) }
        return try body(chain)
    }

    /// `body` with the ledger derived now from the chain and the stored transactions (`rows`: also read those).
    func withLedger<T>(
        rows readRows: Bool = false, _ body: (LedgerView) throws(WalletAPIRefusal) -> T
    ) throws(WalletAPIRefusal) -> T {
        let view = try withHome { home throws(WatcherError) -> LedgerView in
            let chain = try home.headerChain(network: self.network)
            let ledger = try WatchOnlyLedger(home: home, chain: chain)
            do throws(DatabaseError) {
                let wallets = WatchedWallets(database: home.database, network: self.network.rawValue)
                let served = Set(try wallets.addresses().filter { $0.walletID == self.wallet.walletID }.map(\.address))
                let rows =
                    readRows ? try WatchedTransactions(database: home.database, network: self.network.rawValue).all() : []
                return LedgerView(ledger: ledger, served: served, rows: rows)
            } catch { throw .database(error) }
        }
        return try body(view)
    }
}
