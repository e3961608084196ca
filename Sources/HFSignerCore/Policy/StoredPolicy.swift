import HFStore

/// The home's policy as it is kept: the rules and the passphrase verifier (`spending_policy`).
public struct StoredPolicy: Sendable, Equatable {
    /// The rules.
    public let policy: SpendingPolicy
    /// The verifier of the policy passphrase.
    public let passphrase: PolicyPassphrase
    /// When it was last set (RFC 3339).
    public let updatedAt: String

    /// A policy with its verifier.
    public init(policy: SpendingPolicy, passphrase: PolicyPassphrase, updatedAt: String) {
        self.policy = policy
        self.passphrase = passphrase
        self.updatedAt = updatedAt
    }

    /// The policy of `home`, if one is set.
    /// - Throws: `SignerError.database`; `.policy(.invalid)` for a stored row that is not a policy.
    static func load(_ home: SignerHome) throws(SignerError) -> StoredPolicy? {
        let record: SpendingPolicyRecord?
        do { record = try SpendingPolicyRecords(database: home.database).load() } catch { throw .database(error) }
        guard let record else { return nil }
        let window: SpendingPolicy.Window? =
            if let blocks = record.windowBlocks, let cap = record.maxPerWindow {
                SpendingPolicy.Window(blocks: blocks, maxSatoshis: cap)
            } else { nil }
        let policy: SpendingPolicy
        do {
            policy = try SpendingPolicy(
                maxPerTransaction: record.maxPerTransaction, window: window, allow: record.allow,
                allowlistOnly: record.allowlistOnly, maxFee: record.maxFee)
        } catch { throw .policy(error) }
        return StoredPolicy(
            policy: policy,
            passphrase: PolicyPassphrase(salt: record.salt, iterations: record.iterations, verifier: record.verifier),
            updatedAt: record.updatedAt)
    }

    /// Replaces the policy of `home` (inside the caller's transaction).
    func save(_ home: SignerHome) throws(SignerError) {
        let record = SpendingPolicyRecord(
            maxPerTransaction: policy.maxPerTransaction, maxPerWindow: policy.window?.maxSatoshis,
            windowBlocks: policy.window?.blocks, allow: policy.allow, allowlistOnly: policy.allowlistOnly,
            maxFee: policy.maxFee, salt: passphrase.salt, iterations: passphrase.iterations,
            verifier: passphrase.verifier, updatedAt: updatedAt)
        do { try SpendingPolicyRecords(database: home.database).save(record) } catch { throw .database(error) }
    }
}
