import HFBundles
import HFCrypto
import HFPrimitives
import HFStore
import HFWallet

/// The keys a wallet keeps besides its phrase (backup document version 2): its sweep keys and its wallet-file key,
/// read from the vault for a backup and written back by a restore.
enum BackupKeys {
    /// The sweep keys (in the order they were added) and the wallet-file key (nil when none was made) of a wallet.
    static func read(
        walletID: String, network: Network, home: SignerHome, vault: any KeyshareVault
    ) throws(SignerError) -> (sweepKeys: [BackupSweepKey], walletFileKey: SecureBytes?) {
        let records: [SweepKeyRecord]
        do { records = try SweepKeyRecords(database: home.database).list(walletID: walletID) } catch {
            throw .database(error)
        }
        var sweepKeys: [BackupSweepKey] = []
        do {
            for record in records {
                let key = try vault.read(id: record.vaultID)
                guard let address = try? Address(string: record.address, network: network),
                    let entry = try? BackupSweepKey(address: address, compressed: record.compressed, privateKey: key)
                else { throw SignerError.rejected(reason: "the sweep key of \(record.address) is damaged in the vault") }
                sweepKeys.append(entry)
            }
            let fileKeyID = WalletFileService.keyID(walletID: walletID)
            let fileKey = try vault.ids().contains(fileKeyID) ? try vault.read(id: fileKeyID) : nil
            return (sweepKeys, fileKey)
        } catch let error as SignerError {
            throw error
        } catch let error as VaultError {
            throw .vault(error)
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// Writes a restored wallet's sweep keys (each checked against its address first) and wallet-file key, inside
    /// the restore's store transaction.
    /// - Throws: `SignerError.rejected` for a sweep key that does not give its address; nothing is kept then.
    static func restore(_ wallet: BackupWallet, walletID: String, home: SignerHome, vault: any KeyshareVault)
        throws(SignerError)
    {
        for key in wallet.sweepKeys {
            guard let privateKey = try? PrivateKey(rawRepresentation: key.privateKey.bytes) else {
                throw .rejected(reason: "the backup's sweep key of \(key.address) is not a valid private key")
            }
            let publicKey = key.compressed ? privateKey.publicKey.compressed : privateKey.publicKey.uncompressed
            guard Hash.hash160(publicKey) == key.address.hash160 else {
                throw .rejected(reason: "the backup's sweep key does not belong to \(key.address); nothing was restored")
            }
            let record = SweepKeyRecord(
                walletID: walletID, address: key.address.string, vaultID: SweepService.vaultID(of: key.address),
                compressed: key.compressed, createdAt: SignerWallets.now())
            do { try vault.write(id: record.vaultID, data: key.privateKey) } catch { throw .vault(error) }
            do { _ = try SweepKeyRecords(database: home.database).add(record) } catch { throw .database(error) }
        }
        if let fileKey = wallet.walletFileKey {
            do { try vault.write(id: WalletFileService.keyID(walletID: walletID), data: fileKey) } catch {
                throw .vault(error)
            }
        }
    }
}
