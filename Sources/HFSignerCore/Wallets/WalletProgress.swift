import HFBundles
import HFPrimitives
import HFStore

/// The non-secret state of one wallet that a backup and a wallet file both carry: its derivation scheme, its next
/// address indexes, its receipts, its labels and its stored gap limit.
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

    /// Reads `record`'s progress from `home`'s database.
    /// - Throws: `SignerError.database`.
    init(of record: WalletRecord, network: Network, home: SignerHome) throws(SignerError) {
        let rows: [AddressIndexRecords.Row]
        let transactions: [TransactionRecord]
        do {
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
    }
}
