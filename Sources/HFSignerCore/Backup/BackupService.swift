import HFMigration
import Foundation
public import HFBundles
public import HFCrypto
import HFPrimitives
import HFStore
import HFWallet

/// `.bep` backups of a signer home (docs/design.md §4): every wallet of every network with its phrase, passphrase, settings,
/// address indexes, receipts, sweep keys, wallet-file key, labels, gap limit, pending transactions and answered
/// calls, and (on request) the spending
/// policy. Restore never
/// duplicates a wallet and never brings back cached secrets.
public enum BackupService {
    /// The document of every wallet in `home`, secrets read from `vault`: each wallet with its sweep keys and its
    /// wallet-file key (always), and the home's spending policy when one exists unless `includePolicy` is false
    /// (callers leave it out only after the policy passphrase, see `SignerSession.sealBackup`).
    public static func document(
        home: SignerHome, vault: SignerVault, includePolicy: Bool = true
    ) throws(SignerError) -> BackupDocument {
        let vault = vault.store
        var wallets: [BackupWallet] = []
        for network in Network.allCases {
            let signerWallets = SignerWallets(home: home, network: network)
            for record in try signerWallets.listRecords() {
                wallets.append(try backupWallet(record, network: network, home: home, vault: vault))
            }
        }
        guard !wallets.isEmpty else { throw .rejected(reason: "there is no wallet to back up") }
        let policy = includePolicy ? try StoredPolicy.load(home).map(BackupPolicyMapping.backup) : nil
        do {
            return try BackupDocument(
                createdAt: RFC3339Timestamp.now(), wallets: wallets, policy: policy)
        } catch { throw .rejected(reason: "cannot build the backup: \(error)") }
    }

    private static func backupWallet(
        _ record: WalletRecord, network: Network, home: SignerHome, vault: any KeyshareVault
    ) throws(SignerError) -> BackupWallet {
        let item: SecureBytes
        do { item = try vault.read(id: record.vaultID) } catch { throw .vault(error) }
        guard let secret = WalletSecret(item) else {
            throw .rejected(reason: "the vault item of wallet \(record.walletID.prefix(16)) is not a wallet seed")
        }
        let progress = try WalletProgress(of: record, network: network, home: home)
        let keys = try BackupKeys.read(walletID: record.walletID, network: network, home: home, vault: vault)
        do {
            return try BackupWallet(
                title: record.title, mnemonic: SecureBytes(Array(secret.phrase.utf8)),
                passphrase: SecureBytes(Array(secret.passphrase.utf8)), network: network,
                derivationType: progress.derivationType, isDefault: record.isDefault,
                addressIndexes: progress.addressIndexes, receipts: progress.receipts, sweepKeys: keys.sweepKeys,
                walletFileKey: keys.walletFileKey, labels: progress.labels, gapLimit: progress.gapLimit,
                pending: progress.pending, bip32Chains: record.bip32Chains)
        } catch { throw .rejected(reason: "cannot back up wallet \(record.walletID.prefix(16)): \(error)") }
    }

    /// Seals `document` under `password` (600,000 PBKDF2 iterations).
    public static func seal(_ document: BackupDocument, password: SecureBytes) throws(SignerError) -> [UInt8] {
        do { return try EncryptedBackup.seal(plaintext: document.encoded(), password: password).encoded() } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// Opens and validates a `.bep`: the document decodes strictly and every phrase is a valid BIP39 phrase.
    ///
    /// - Throws: `SignerError.rejected` ("wrong password or damaged file" for a tag failure).
    public static func open(_ bytes: [UInt8], password: SecureBytes) throws(SignerError) -> BackupDocument {
        let document: BackupDocument
        do { document = try BackupDocument(decoding: EncryptedBackup.open(bytes, password: password)) } catch {
            throw .rejected(reason: "\(error)")
        }
        for wallet in document.wallets {
            guard (try? Mnemonic(phrase: String(decoding: wallet.mnemonic.bytes, as: UTF8.self))) != nil else {
                throw .rejected(reason: "the backup's wallet \"\(wallet.title)\" has an invalid recovery phrase")
            }
        }
        return document
    }
}
