public import HFCrypto
import HFMigration
public import HFStore

extension SignerHome {
    /// The file vault's directory: `<home>/keyshares` (0700, one 0600 file per id).
    public var fileVaultRoot: String { directory.path("keyshares") }
    /// The single-file vault's file: `<home>/keyshares.vault` (0600).
    public var singleFileVaultPath: String { directory.path(SingleFileKeyshareVault.defaultName) }

    /// The active vault kind (see ``SignerVaultJournal``).
    public func activeVaultKind() throws(SignerError) -> VaultKind {
        do { return try SignerVaultJournal(home: self).activeKind() } catch {
            throw .rejected(reason: error.description)
        }
    }

    /// Opens the vault of `kind`; the encrypted one needs the store `passphrase`, the file kinds ignore it.
    ///
    /// - Throws: `SignerError.vault` (`.emptyPassphrase` when the encrypted vault is asked for without one).
    func openVault(_ kind: VaultKind, passphrase: SecureBytes?) throws(SignerError) -> any KeyshareVault {
        do throws(VaultError) {
            switch kind {
            case .encrypted:
                guard let passphrase else { throw VaultError.emptyPassphrase }
                return try DatabaseKeyshareVault.open(in: database, passphrase: passphrase)
            case .file:
                return try FileKeyshareVault(root: fileVaultRoot)
            case .singleFile:
                return try SingleFileKeyshareVault(root: directory.path)
            }
        } catch { throw .vault(error) }
    }

    /// Opens the active vault: the only path to the seeds once a home may have migrated its vault.
    public func openActiveVault(passphrase: SecureBytes?) throws(SignerError) -> SignerVault {
        SignerVault(try openVault(try activeVaultKind(), passphrase: passphrase))
    }

    /// Whether the active vault is the encrypted one (it needs the store passphrase to open).
    public func activeVaultNeedsPassphrase() throws(SignerError) -> Bool { try activeVaultKind() == .encrypted }

    /// The ids each vault kind holds, read without a passphrase and without creating anything.
    public func storedVaultIDs() throws(SignerError) -> [VaultKind: [String]] {
        do {
            return [
                .encrypted: try DatabaseKeyshareVault.storedIDs(in: database),
                .file: try FileKeyshareVault.storedIDs(root: fileVaultRoot),
                .singleFile: try SingleFileKeyshareVault.storedIDs(root: directory.path),
            ]
        } catch { throw .vault(error) }
    }
}

extension SignerHome {
    /// The unfinished vault migration (`from>to>phase`), if any.
    public func pendingVaultMigration() throws(SignerError) -> String? {
        do { return try SignerVaultJournal(home: self).load()?.text } catch { throw .rejected(reason: error.description) }
    }
}
