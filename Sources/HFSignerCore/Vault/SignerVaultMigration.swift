public import HFCrypto
public import HFMigration
public import HFStore

/// `hf-signer vault migrate`: moves every seed of a home from the active vault to another kind with
/// ``VaultMigrator``, resuming an interrupted migration to the same kind.
public enum SignerVaultMigration {
    /// The vault a migration to `target` starts from: the pending migration's source, else the active vault.
    ///
    /// - Throws: `.otherMigrationPending` when an unfinished migration goes elsewhere.
    public static func source(home: SignerHome, to target: VaultKind) throws(VaultMigrationError) -> VaultKind {
        let journal = SignerVaultJournal(home: home)
        if let pending = try journal.load() {
            guard pending.to == target else { throw .otherMigrationPending(pending) }
            return pending.from
        }
        return try journal.activeKind()
    }

    /// Runs or resumes the migration to `target`; nil when `target` is already active and nothing is pending.
    /// Holds the lock `<home>/vault.lock` throughout, so two migrations never interleave.
    ///
    /// - Parameter passphrase: the store passphrase, needed when either vault is the encrypted one.
    public static func run(
        home: SignerHome, to target: VaultKind, passphrase: SecureBytes?
    ) throws(VaultMigrationError) -> VaultMigrationReport? {
        let lock: VaultLock
        do { lock = try VaultLock.acquire(home.directory.path("vault.lock")) } catch { throw .vault(error) }
        defer { withExtendedLifetime(lock) {} }
        let from = try source(home: home, to: target)
        guard from != target else { return nil }
        let source: any KeyshareVault
        let destination: any KeyshareVault
        do {
            source = try home.openVault(from, passphrase: passphrase)
            destination = try home.openVault(target, passphrase: passphrase)
        } catch {
            if case .vault(let vaultError) = error { throw .vault(vaultError) }
            throw .journal(reason: error.description)
        }
        return try VaultMigrator(
            from: from, source: source, to: target, target: destination, journal: SignerVaultJournal(home: home)
        ).run()
    }
}
