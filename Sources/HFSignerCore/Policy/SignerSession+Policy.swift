import HFPrimitives
import HFSPV
import HFStore

/// The spending policy's use cases: one policy per home, binding every wallet of every network; every change needs
/// the policy passphrase, which must differ from the store passphrase.
extension SignerSession {
    /// Sets the home's policy to `policy` (replacing every rule of an existing one). The first policy asks
    /// `secrets` for a new passphrase, refused when it equals the store passphrase (checked against the store's
    /// vault); a later one asks for the current passphrase and keeps it.
    /// - Throws: `SignerError.policy(.wrongPassphrase)` (exit 77) and `.policy(.sameAsStorePassphrase)`; nothing
    ///   is changed then.
    ///
    /// With `storeSecrets` the vault is opened and its copy of the policy written too (`PolicyVaultCopy`); when the
    /// vault holds a copy that the store's row no longer matches (deleted or changed outside hf-signer), the
    /// passphrase is checked against the vault's copy, so only the policy's owner restores it.
    public func setPolicy(
        _ policy: SpendingPolicy, secrets: any PolicySecrets, storeSecrets: (any SignerSecrets)? = nil
    ) throws(SignerError) -> PolicyStatus {
        let vault = try storeSecrets.map { secrets throws(SignerError) in try openVault(secrets).store }
        let row = try StoredPolicy.load(home)
        let copy = try vault.map { vault throws(SignerError) in try PolicyVaultCopy.load(vault) } ?? nil
        let existing = copy ?? row
        let verifier: PolicyPassphrase
        if let existing {
            let passphrase = try secrets.policyPassphrase(new: false)
            do { try existing.passphrase.check(passphrase) } catch { throw .policy(error) }
            verifier = existing.passphrase
        } else {
            let passphrase = try secrets.policyPassphrase(new: true)
            if try home.hasVault(), (try? home.openVault(passphrase: passphrase)) != nil {
                throw .policy(.sameAsStorePassphrase)
            }
            do { verifier = try PolicyPassphrase.make(passphrase) } catch { throw .policy(error) }
        }
        let stored = StoredPolicy(policy: policy, passphrase: verifier, updatedAt: SignerWallets.now())
        // The vault's copy first: a crash between the two leaves a row that does not match, which refuses signing
        // (stricter) until `policy set` runs again.
        if let vault { try PolicyVaultCopy.save(stored, vault: vault) }
        try home.database.transaction { () throws(SignerError) in try stored.save(home) }
        SignerLog(home: home).record("policy set")
        return try policyStatus()
    }

    /// Removes the home's policy after checking the policy passphrase. The outflow ledger stays: a policy set
    /// later counts what already left.
    /// - Throws: `SignerError.policy(.notSet)`, `.policy(.wrongPassphrase)`.
    public func clearPolicy(secrets: any PolicySecrets, storeSecrets: (any SignerSecrets)? = nil) throws(SignerError) {
        let vault = try storeSecrets.map { secrets throws(SignerError) in try openVault(secrets).store }
        let copy = try vault.map { vault throws(SignerError) in try PolicyVaultCopy.load(vault) } ?? nil
        let row = try StoredPolicy.load(home)
        guard let existing = copy ?? row else { throw .policy(.notSet) }
        let passphrase = try secrets.policyPassphrase(new: false)
        do { try existing.passphrase.check(passphrase) } catch { throw .policy(error) }
        if let vault { try PolicyVaultCopy.save(nil, vault: vault) }
        try home.database.transaction { () throws(SignerError) in
            do throws(DatabaseError) { try SpendingPolicyRecords(database: home.database).remove() } catch {
                throw .database(error)
            }
        }
        SignerLog(home: home).record("policy cleared")
    }

    /// The home's policy and its window on the session's network at the validated tip. Needs no passphrase.
    public func policyStatus() throws(SignerError) -> PolicyStatus {
        let tip = try chain().validatedTipHeight
        guard let stored = try StoredPolicy.load(home) else {
            return PolicyStatus(
                set: false, network: network.rawValue, validatedTipHeight: tip, maxPerTransaction: nil, maxFee: nil,
                allow: nil, allowlistOnly: nil, window: nil, updatedAt: nil)
        }
        let policy = stored.policy
        var window: PolicyStatus.Window?
        if let rule = policy.window {
            let counted = try PolicyWindow.count(rule, policy: policy, network: network, tipHeight: tip, home: home)
            window = PolicyStatus.Window(
                blocks: counted.blocks, firstHeight: counted.firstHeight, maxSatoshis: counted.maxSatoshis,
                spentSatoshis: counted.spentSatoshis, leftSatoshis: counted.leftSatoshis)
        }
        return PolicyStatus(
            set: true, network: network.rawValue, validatedTipHeight: tip, maxPerTransaction: policy.maxPerTransaction,
            maxFee: policy.maxFee, allow: policy.allow, allowlistOnly: policy.allowlistOnly, window: window,
            updatedAt: stored.updatedAt)
    }
}
