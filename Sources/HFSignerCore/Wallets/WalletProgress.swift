import HFBundles
import HFPrimitives
import HFStore

/// The non-secret state of one wallet that a backup and a wallet file both carry: its derivation scheme, its next
/// address indexes, its receipts, its labels, its stored gap limit, and its pending transactions and answered
/// calls.
struct WalletProgress {
    /// The scheme of new addresses.
    let derivationType: AddressScheme
    /// The next receive and change index of each scheme.
    let addressIndexes: WalletAddressIndexes
    /// The stored receipts that decode for the wallet's network (others are left out).
    let receipts: [ReceiptBundle]
    /// Its labels, by type then reference.
    let labels: [WalletLabel]
    /// The gap limit `wallet rescan --gap` stored (nil: none, the default applies).
    let gapLimit: Int?
    /// Its signed transactions kept as pending (their stored `.hftx`, oldest first) and the BRC-100 calls it paid.
    let pending: WalletPending

    /// Reads `record`'s progress from `home`'s database.
    /// - Throws: `SignerError.database`.
    init(of record: WalletRecord, network: Network, home: SignerHome) throws(SignerError) {
        let rows: [AddressIndexRecords.Row]
        let transactions: [TransactionRecord]
        let calls: [(callID: String, txid: String)]
        do {
            calls = try AnsweredCallRecords(database: home.database).list(walletID: record.walletID)
            rows = try AddressIndexRecords(database: home.database).rows(walletID: record.walletID)
            transactions = try TransactionRecords(database: home.database).list(walletID: record.walletID)
            gapLimit = try GapLimitRecords(database: home.database).gapLimit(walletID: record.walletID)
        } catch { throw .database(error) }
        labels = try WalletLabels(home: home, walletID: record.walletID, network: network).list()
        func indexes(_ scheme: String) -> AddressIndexes {
            let receive = rows.first { $0.scheme == scheme && $0.chain == "receive" }?.nextIndex ?? 0
            let change = rows.first { $0.scheme == scheme && $0.chain == "change" }?.nextIndex ?? 0
            return (try? AddressIndexes(receive: UInt32(receive), change: UInt32(change))) ?? .none
        }
        derivationType = switch record.derivation {
        case .bip44: .bip44
        case .type42: .type42
        }
        addressIndexes = WalletAddressIndexes(type42: indexes("type42"), bip44: indexes("bip44"))
        receipts = transactions.compactMap { transaction in
            transaction.receipt.flatMap { try? ReceiptBundle(decoding: $0, expectedNetwork: network) }
        }
        do {
            let bundles = try transactions.filter { $0.state == .pending }.compactMap { record throws(BundleError) in
                try record.hftx.map { hftx throws(BundleError) in
                    try TransactionBundle(decoding: hftx, expectedNetwork: network)
                }
            }
            let answered = try calls.map { call throws(BundleError) in
                guard let txid = try? Txid(displayHex: call.txid), let id = try? Hex.decode(call.callID) else {
                    throw BundleError.invalidValue(path: "answeredCalls", allowed: [])
                }
                return try BackupAnsweredCall(callID: id, txid: txid)
            }
            pending = try WalletPending(transactions: bundles, answeredCalls: answered, network: network)
        } catch {
            throw .rejected(reason: "wallet \(record.walletID.prefix(16)) holds a pending transaction or an answered "
                + "call that cannot be carried: \(error)")
        }
    }
}
