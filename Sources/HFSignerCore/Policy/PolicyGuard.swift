import HFStore

/// The routes around a spending policy that whoever holds the store passphrase could otherwise take: wiping the
/// home (the policy goes with it), moving the seeds to an unencrypted vault, and showing a seed (any other wallet
/// software then signs without the policy). In a home with a policy each of them needs the policy passphrase
/// first; in a home without one they need nothing more.
enum PolicyGuard {
    /// Checks the policy passphrase from `secrets` when `home` has a policy — in its store, or only in `vault`'s copy
    /// (a row deleted outside hf-signer does not open these routes); does nothing otherwise.
    /// - Throws: `SignerError.policy(.wrongPassphrase)` (77) for a wrong one, or `secrets`' error when none can be
    ///   read (no terminal and no `--policy-passphrase-file`); nothing was done then.
    static func require(home: SignerHome, vault: (any KeyshareVault)?, secrets: any PolicySecrets) throws(SignerError) {
        let copy = try vault.map { vault throws(SignerError) in try PolicyVaultCopy.load(vault) } ?? nil
        let row = try StoredPolicy.load(home)
        guard let existing = copy ?? row else { return }
        let passphrase = try secrets.policyPassphrase(new: false)
        do { try existing.passphrase.check(passphrase) } catch { throw .policy(error) }
    }
}
