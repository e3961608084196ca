import Foundation
import HFBundles
import HFCrypto
public import HFPrimitives
public import HFSPV
import HFStore
import HFWallet

/// `export wallet` and the import of `.hfwallet` files: a wallet's non-secret state (title, derivation type,
/// address indexes, receipts, labels, gap limit, pending transactions, answered calls) encrypted with AES-256-GCM under a random key held in the vault under
/// `walletfile-<walletId>` (created on first export), for the user's own sync (docs/requirements/wallet.md "Wallet file encryption").
///
/// The key never leaves the vault, so only a home whose vault holds it (the same home, or one whose vault was
/// migrated from it) can open the file. Import adds what the file knows and the home does not (higher address
/// indexes, receipts, labels of references the home has not labelled, a wider gap limit); it never removes, lowers
/// or relabels anything, and a file that does not authenticate changes nothing.
public enum WalletFileService {
    /// The vault id of a wallet's file key.
    public static func keyID(walletID: String) -> String { "walletfile-" + walletID }

    /// The sealed wallet file of `book`'s wallet; creates the vault key on first use.
    /// - Throws: `SignerError.generatorSelfTest` (exit 70) when the key must be made and the generator fails its
    ///   health tests; nothing is stored.
    static func export(
        book: AddressBook, home: SignerHome, vault: SignerVault, randomSource: RandomSource = .kernel
    ) throws(SignerError) -> [UInt8] {
        let record = book.record
        let key = try fileKey(walletID: record.walletID, vault: vault.store, create: randomSource)
        let network = book.keys.network
        let progress = try WalletProgress(of: record, network: network, home: home)
        do {
            let document = try WalletFileDocument(
                network: network, walletID: Hex.decode(record.walletID), title: record.title,
                derivationType: progress.derivationType,
                createdAt: RFC3339Timestamp.now(),
                addressIndexes: progress.addressIndexes, receipts: progress.receipts, labels: progress.labels,
                gapLimit: progress.gapLimit, pending: progress.pending)
            return try EncryptedWalletFile.seal(
                plaintext: document.encoded(), walletID: document.walletID, key: key
            ).encoded()
        } catch {
            throw .rejected(reason: "cannot write the wallet file: \(error)")
        }
    }

    /// What an import did.
    public struct Outcome: Encodable, Sendable, Equatable {
        public let walletId: String
        /// Receipts in the file.
        public let receipts: Int
        /// Receipts the home did not have before.
        public let added: Int
        /// Labels in the file.
        public let labels: Int
        /// Labels added (references the home had not labelled).
        public let labelsAdded: Int
        /// The txids of the file's pending transactions stored as pending now (their inputs count as spent).
        public let pending: [String]
    }

    /// Opens `bytes` (a `.hfwallet`) with the vault's key and merges it into the matching wallet of `network`.
    ///
    /// - Throws: `SignerError.rejected` for a malformed file, a wallet this home does not have on `network`, a
    ///   home without the file's key, or a file that does not authenticate; nothing is changed then.
    public static func importFile(
        _ bytes: [UInt8], network: Network, home: SignerHome, vault: SignerVault, chain: HeaderChain
    ) throws(SignerError) -> Outcome {
        let file: EncryptedWalletFile
        do { file = try EncryptedWalletFile(decoding: bytes) } catch { throw .rejected(reason: error.description) }
        let walletID = file.walletID.hex
        let wallets = SignerWallets(home: home, network: network)
        guard let record = try wallets.listRecords().first(where: { $0.walletID == walletID }) else {
            throw .rejected(reason: "the wallet file is for wallet \(walletID.prefix(16)), which this home has not on \(network.rawValue)")
        }
        let key = try fileKey(walletID: walletID, vault: vault.store, create: nil)
        let document: WalletFileDocument
        do {
            var plaintext = try file.open(key: key).bytes
            defer { Zeroization.zeroize(&plaintext) }
            document = try WalletFileDocument(decoding: plaintext, expectedNetwork: network)
        } catch let error as WalletFileError {
            throw .rejected(reason: error.description)
        } catch {
            throw .rejected(reason: "the wallet file's content is malformed: \(error)")
        }
        guard document.walletID == file.walletID else {
            throw .rejected(reason: "the wallet file's content names another wallet than its header")
        }
        let keys = try wallets.keys(for: record, vault: vault)
        let book = AddressBook(home: home, wallet: WalletInfo(record), keys: keys)
        return try home.database.transaction { () throws(SignerError) in
            let stored: [TransactionRecord]
            do throws(DatabaseError) {
                stored = try TransactionRecords(database: home.database).list(walletID: walletID)
            } catch { throw .database(error) }
            let before = Set(stored.filter { $0.receipt != nil }.map(\.txid))
            for (scheme, indexes) in [
                (DerivationScheme.type42, document.addressIndexes.type42), (.bip44, document.addressIndexes.bip44),
            ] {
                try book.raiseNext(scheme, .receive, to: Int(indexes.receive))
                try book.raiseNext(scheme, .change, to: Int(indexes.change))
            }
            let fresh = document.receipts.filter { !before.contains($0.txid) }
            _ = try BackupRestore.restoreReceipts(fresh, walletID: walletID, book: book, home: home, chain: chain)
            if let gap = document.gapLimit, gap > (try book.storedGapLimit() ?? 0) { try book.setGapLimit(gap) }
            let labelsAdded = try WalletLabels(home: home, walletID: walletID, network: network).merge(document.labels)
            let pending = try PendingRestore.restore(document.pending, book: book, home: home)
            return Outcome(
                walletId: walletID, receipts: document.receipts.count, added: fresh.count,
                labels: document.labels.count, labelsAdded: labelsAdded, pending: pending.restored)
        }
    }

    /// The wallet's file key from the vault; when missing and `create` names a source, 32 bytes of that source once it
    /// passed its health tests (``KeyEntropy``).
    private static func fileKey(
        walletID: String, vault: any KeyshareVault, create: RandomSource?
    ) throws(SignerError) -> SecureBytes {
        let id = keyID(walletID: walletID)
        do {
            if try vault.ids().contains(id) {
                let key = try vault.read(id: id)
                guard key.count == 32 else { throw SignerError.rejected(reason: "the vault item \(id) is not a 32-byte key") }
                return key
            }
            guard let create else {
                throw SignerError.rejected(
                    reason: "this home's vault has no key for the wallet file (\(id)); it can only be opened by the "
                        + "home that wrote it")
            }
            let key = try KeyEntropy.checked(source: create).secretBytes(32)
            try vault.write(id: id, data: key)
            return key
        } catch let error as SignerError {
            throw error
        } catch let error as VaultError {
            throw .vault(error)
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }
}
