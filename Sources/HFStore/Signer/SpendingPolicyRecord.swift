/// The home's spending policy as the `spending_policy` table keeps it (schema 5): the rules, the allowlist and the
/// policy passphrase's slow verifier. Values are not interpreted here (HFSignerCore's `SpendingPolicy` does).
public struct SpendingPolicyRecord: Sendable, Equatable {
    /// The cap on what one transaction sends to external outputs, in satoshis.
    public var maxPerTransaction: UInt64?
    /// The cap on what leaves to external outputs within the window, in satoshis.
    public var maxPerWindow: UInt64?
    /// The window's length in validated blocks (set with `maxPerWindow`).
    public var windowBlocks: Int?
    /// Addresses the caps do not apply to.
    public var allow: [String]
    /// Whether external outputs may only pay `allow`.
    public var allowlistOnly: Bool
    /// The cap on one transaction's fee, in satoshis.
    public var maxFee: UInt64?
    /// The verifier's PBKDF2 salt.
    public var salt: [UInt8]
    /// The verifier's PBKDF2 iterations.
    public var iterations: Int
    /// PBKDF2-HMAC-SHA256 of the policy passphrase (32 bytes).
    public var verifier: [UInt8]
    /// When the policy was last set (RFC 3339).
    public var updatedAt: String

    /// A record from its fields.
    public init(
        maxPerTransaction: UInt64?, maxPerWindow: UInt64?, windowBlocks: Int?, allow: [String], allowlistOnly: Bool,
        maxFee: UInt64?, salt: [UInt8], iterations: Int, verifier: [UInt8], updatedAt: String
    ) {
        self.maxPerTransaction = maxPerTransaction
        self.maxPerWindow = maxPerWindow
        self.windowBlocks = windowBlocks
        self.allow = allow
        self.allowlistOnly = allowlistOnly
        self.maxFee = maxFee
        self.salt = salt
        self.iterations = iterations
        self.verifier = verifier
        self.updatedAt = updatedAt
    }
}
