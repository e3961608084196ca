import HFBundles

/// The spending policy ⇄ its backup form (`BackupPolicy`, backup document version 2).
enum BackupPolicyMapping {
    /// The backup form of a stored policy.
    static func backup(_ stored: StoredPolicy) throws(SignerError) -> BackupPolicy {
        let policy = stored.policy
        do {
            return try BackupPolicy(
                maxPerTransaction: policy.maxPerTransaction, maxPerWindow: policy.window?.maxSatoshis,
                windowBlocks: policy.window?.blocks, allow: policy.allow, allowlistOnly: policy.allowlistOnly,
                maxFee: policy.maxFee, salt: stored.passphrase.salt, iterations: stored.passphrase.iterations,
                verifier: stored.passphrase.verifier)
        } catch { throw .rejected(reason: "cannot back up the spending policy: \(error)") }
    }

    /// The stored form of a backup's policy (its rules checked as `policy set` checks them).
    static func stored(_ backup: BackupPolicy) throws(SignerError) -> StoredPolicy {
        let window = backup.windowBlocks.flatMap { blocks in
            backup.maxPerWindow.map { SpendingPolicy.Window(blocks: blocks, maxSatoshis: $0) }
        }
        do {
            let policy = try SpendingPolicy(
                maxPerTransaction: backup.maxPerTransaction, window: window, allow: backup.allow,
                allowlistOnly: backup.allowlistOnly, maxFee: backup.maxFee)
            return StoredPolicy(
                policy: policy,
                passphrase: PolicyPassphrase(salt: backup.salt, iterations: backup.iterations, verifier: backup.verifier),
                updatedAt: SignerWallets.now())
        } catch {
            throw .rejected(reason: "the backup's spending policy is not valid: \(error.description)")
        }
    }

    /// Installs `backup` in `home` unless the home has a policy (inside the restore's transaction).
    static func restore(_ backup: BackupPolicy, home: SignerHome) throws(SignerError) -> PolicyRestoreOutcome {
        guard try StoredPolicy.load(home) == nil else { return .keptExisting }
        try stored(backup).save(home)
        return .restored
    }
}

/// What restoring a backup did with its spending policy.
public enum PolicyRestoreOutcome: String, Sendable {
    /// The home had none; the backup's is now the home's, under the same policy passphrase.
    case restored
    /// The home already had one; it is kept (a restore never replaces or loosens a policy).
    case keptExisting
}
