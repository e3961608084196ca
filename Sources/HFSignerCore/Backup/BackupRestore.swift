public import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFStore
import HFWallet

/// Restoring a backup document into a home: new wallets are added, existing ones (same wallet ID) are left alone.
public enum BackupRestore {
    /// What happened to one wallet of the backup.
    public struct Outcome: Encodable, Sendable, Equatable {
        public let walletId: String
        public let title: String
        public let network: String
        /// `restored` or `alreadyPresent`.
        public let result: String
        /// Receipts stored (verified against the local chain, or kept unconfirmed until headers arrive).
        public let receipts: Int
    }

    /// Restores every wallet of `document` into `home` (with their sweep keys, wallet-file keys, labels and gap
    /// limits) and its spending
    /// policy when it has one and the home has none, in one store transaction.
    /// - Returns: one outcome per wallet, and what happened to the policy (nil when the backup has none).
    public static func restore(
        _ document: BackupDocument, home: SignerHome, vault: SignerVault
    ) throws(SignerError) -> (outcomes: [Outcome], policy: PolicyRestoreOutcome?) {
        // Header chains are opened first: their stores refuse to open inside a database transaction.
        var chains: [Network: HeaderChain] = [:]
        for network in Set(document.wallets.map(\.network)) { chains[network] = try home.headerChain(network: network) }
        return try home.database.transaction { () throws(SignerError) in
            let outcomes = try restore(document, home: home, vault: vault, chains: chains)
            let policy = try document.policy.map { backup throws(SignerError) in
                try BackupPolicyMapping.restore(backup, home: home)
            }
            return (outcomes, policy)
        }
    }

    private static func restore(
        _ document: BackupDocument, home: SignerHome, vault: SignerVault, chains: [Network: HeaderChain]
    ) throws(SignerError) -> [Outcome] {
        var outcomes: [Outcome] = []
        for wallet in document.wallets {
            let wallets = SignerWallets(home: home, network: wallet.network)
            guard let mnemonic = try? Mnemonic(phrase: String(decoding: wallet.mnemonic.bytes, as: UTF8.self)) else {
                throw .rejected(reason: "the backup's wallet \"\(wallet.title)\" has an invalid recovery phrase")
            }
            let passphrase = String(decoding: wallet.passphrase.bytes, as: UTF8.self)
            let keys: WalletKeys
            do { keys = try WalletKeys(mnemonic: mnemonic, passphrase: passphrase, network: wallet.network) } catch {
                throw .rejected(reason: "\(error)")
            }
            if try wallets.list().contains(where: { $0.walletID == keys.walletIDHex }) {
                outcomes.append(Outcome(
                    walletId: keys.walletIDHex, title: wallet.title, network: wallet.network.rawValue,
                    result: "alreadyPresent", receipts: 0))
                continue
            }
            let title = wallet.title.isEmpty ? nil : wallet.title
            let record = try wallets.add(
                title: title, mnemonic: mnemonic, passphrase: passphrase,
                derivation: wallet.derivationType == .bip44 ? .bip44 : .type42, vault: vault)
            let book = AddressBook(home: home, wallet: record, keys: keys)
            for (scheme, indexes) in [(DerivationScheme.type42, wallet.addressIndexes.type42), (.bip44, wallet.addressIndexes.bip44)] {
                try book.raiseNext(scheme, .receive, to: Int(indexes.receive))
                try book.raiseNext(scheme, .change, to: Int(indexes.change))
            }
            try BackupKeys.restore(wallet, walletID: record.walletID, home: home, vault: vault.store)
            if let gap = wallet.gapLimit { try book.setGapLimit(gap) }
            try WalletLabels(home: home, walletID: record.walletID, network: wallet.network).restore(wallet.labels)
            if wallet.isDefault { _ = try wallets.setDefault(.id(record.walletID)) }
            guard let chain = chains[wallet.network] else { throw .rejected(reason: "no header chain for \(wallet.network)") }
            let stored = try restoreReceipts(wallet.receipts, walletID: record.walletID, book: book, home: home, chain: chain)
            outcomes.append(Outcome(
                walletId: record.walletID, title: record.title, network: record.network.rawValue, result: "restored",
                receipts: stored))
        }
        return outcomes
    }

    /// Imports receipts that verify now; keeps the others (header not yet imported) as unconfirmed with their proof,
    /// to be verified when headers arrive.
    static func restoreReceipts(
        _ receipts: [ReceiptBundle], walletID: String, book: AddressBook, home: SignerHome, chain: HeaderChain
    ) throws(SignerError) -> Int {
        let importer = ReceiptImporter(home: home, book: book, chain: chain)
        var stored = 0
        for receipt in receipts {
            if ReceiptCheck.verdict(receipt, chain: chain) == .verified {
                _ = try importer.importReceipt(receipt)
            } else {
                let record = TransactionRecord(
                    walletID: walletID, txid: receipt.txid, raw: receipt.rawTx, state: .unconfirmed,
                    blockHeight: Int(receipt.blockHeight), blockHash: receipt.blockHash,
                    receipt: receipt.encoded(), createdAt: SignerWallets.now())
                do { try TransactionRecords(database: home.database).save(record) } catch { throw .database(error) }
            }
            stored += 1
        }
        return stored
    }
}
