import Foundation
import HFHome
import HFPrimitives
import HFStore
import HFSystem
import HFTestSupport
import HFWatcherCore
import Testing

/// Issue 31: a stored transaction whose bytes do not decode, or are not the transaction its txid names, is a damaged
/// store (corruptRecord), never a transaction the ledger quietly leaves out.
@Suite struct WatcherCorruptRowTests {
    /// Two damaged rows: bytes that are no transaction, and a well-formed transaction of another txid.
    @Test(arguments: [[0x01, 0x00], [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]] as [[UInt8]])
    func aStoredTransactionThatIsNotItsTxidIsCorruptNeverSkipped(raw: [UInt8]) throws {
        let dir = try TemporaryDirectory()
        let home = try WatcherHome.create(explicit: dir.path("home"))
        try home.setConfig("devnet", "http://127.0.0.1:9")  // never called: the ledger reads the store only
        let session = try WatcherSession.open(home: home, network: .regtest)
        #expect(try WatchOnlyLedger(home: session.home, chain: session.chain).history.isEmpty)
        let txid = String(repeating: "cd", count: 32)
        try WatchedTransactions(database: session.home.database, network: "regtest").save(
            WatchedTransactions.Row(txid: txid, raw: raw, blockHeight: nil, blockHash: nil, proof: nil),
            at: "2026-12-03T00:00:00Z")
        do {
            _ = try WatchOnlyLedger(home: session.home, chain: session.chain)
            Issue.record("a damaged stored transaction was left out of the ledger")
        } catch {
            guard case .database(.unknownValue(let table, let row, _)) = error else { Issue.record("\(error)"); return }
            #expect(table == "watched_transactions" && row == txid)
            #expect(error.exitStatus == .ioError && error.code == "corruptRecord", "\(error.code)")
        }
    }
}
