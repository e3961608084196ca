import Foundation
import HFCrypto
public import HFStore
import HFPrimitives
import HFWallet

/// The ``WalletHost`` of a signer store: wallet rows in `WalletRecords`, mnemonics in a ``KeyshareVault`` under
/// `wallet-<walletId>`.
///
/// Order (docs/requirements/legacy-migration.md): derive the ID, write the mnemonic, read it back and compare, then create the row. If anything
/// after the write fails, the mnemonic is deleted again, but only when this call stored it (an entry that was
/// already in the vault, e.g. one `recoverPersistedWallet` is restoring a row for, is never removed).
public final class StoreWalletHost: WalletHost {
    private let database: Database
    private let vault: any KeyshareVault

    /// The host of `database` with its `vault`.
    public init(database: Database, vault: any KeyshareVault) {
        self.database = database
        self.vault = vault
    }

    /// The vault id of a wallet ID.
    public static func vaultID(_ walletID: String) -> String { "wallet-\(walletID)" }

    public func createOrImportWallet(_ request: WalletCreationRequest) throws(WalletHostError) -> WalletCreation {
        let keys: WalletKeys
        do { keys = try WalletKeys(mnemonic: request.mnemonic, passphrase: request.passphrase, network: request.network) } catch {
            throw .derivationFailed
        }
        let walletID = keys.walletIDHex
        if let expected = request.expectedWalletID, expected != walletID {
            throw .mismatchedID(expected: expected, derived: walletID)
        }
        let records = WalletRecords(database: database)
        let found: WalletRecord?
        let existing: [WalletRecord]
        do throws(DatabaseError) {
            found = try records.find(walletID)
            existing = try records.list(network: request.network)
        } catch {
            throw .database(error)
        }
        if let found {
            guard request.existing == .accept, found.network == request.network else {
                throw .alreadyExists(found)
            }
            return WalletCreation(record: found, created: false)
        }
        let title = request.title ?? "Wallet \(existing.count + 1)"
        guard (1...256).contains(title.utf8.count) else { throw .invalidTitle }
        let vaultID = Self.vaultID(walletID)
        let secret = WalletSecret(phrase: request.mnemonic.phrase, passphrase: request.passphrase).encoded()
        // Anything already stored under the id (readable or not) is never deleted by this call.
        let preexisting: Bool
        do { preexisting = try vault.ids().contains(vaultID) } catch { throw .vault(error) }
        do throws(VaultError) {
            try vault.write(id: vaultID, data: secret)
        } catch {
            throw .vault(error)
        }
        let readBack = try? vault.read(id: vaultID)
        guard let readBack, constantTimeEqual(readBack.bytes, secret.bytes) else {
            if !preexisting { try? vault.delete(id: vaultID) }
            throw .verificationFailed
        }
        let record = WalletRecord(
            walletID: walletID, network: request.network, title: title, derivation: request.derivation,
            identityKey: keys.identityKey.compressed.hex, vaultID: vaultID, isDefault: false, createdAt: Self.now(),
            bip32Chains: request.chains.isStandard ? nil : request.chains.text)
        do {
            let stored = try database.transaction { () throws(DatabaseError) in try records.add(record) }
            return WalletCreation(record: stored, created: true)
        } catch {
            if !preexisting { try? vault.delete(id: vaultID) }
            throw .database(error)
        }
    }

    /// The current time in RFC 3339 (UTC, seconds).
    public static func now() -> String {
        ISO8601DateFormatter().string(from: Date())
    }
}
