import HFBundles
public import HFSPV
import HFStore

/// After headers arrive: held receipts whose proof is not known to be verified (restored before their headers,
/// left `unconfirmed` by an older version after a reorganisation, or cancelled after their block left the best chain)
/// are verified again, and recorded as verified when their proof now checks out on the chain. Idempotent: whether a
/// verified receipt counts is still derived from the chain each time (`ChainConfirmation`).
public enum ReceiptRecheck {
    /// Re-verifies the unconfirmed receipts of `chain`'s network.
    ///
    /// - Returns: how many became confirmed.
    @discardableResult
    public static func run(home: SignerHome, chain: HeaderChain) throws(SignerError) -> Int {
        let records = TransactionRecords(database: home.database)
        var confirmed = 0
        for wallet in try SignerWallets(home: home, network: chain.network).list() {
            let transactions: [TransactionRecord]
            do { transactions = try records.list(walletID: wallet.walletID) } catch { throw .database(error) }
            for var record in transactions where record.state == .unconfirmed || record.state == .cancelled {
                guard let bytes = record.receipt,
                    let receipt = try? ReceiptBundle(decoding: bytes, expectedNetwork: chain.network),
                    ReceiptCheck.verdict(receipt, chain: chain) == .verified
                else { continue }
                record.state = .confirmed
                do { try records.save(record) } catch { throw .database(error) }
                confirmed += 1
            }
        }
        return confirmed
    }
}
