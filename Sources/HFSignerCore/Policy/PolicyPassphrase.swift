public import HFCrypto

/// The policy passphrase's verifier: PBKDF2-HMAC-SHA256 (the store's KDF, 600,000 iterations, a fresh 16-byte
/// salt) of the passphrase, kept beside the policy. Checking costs one slow derivation and a constant-time compare,
/// so the stored verifier does not make guessing cheap.
public struct PolicyPassphrase: Sendable, Equatable {
    /// Iterations of new verifiers (the store's).
    public static let defaultIterations = 600_000
    /// Iterations accepted when checking (a restored policy must not pin the CPU).
    public static let acceptedIterations = 100_000...10_000_000

    /// The PBKDF2 salt (16 bytes).
    public let salt: [UInt8]
    /// The PBKDF2 iterations.
    public let iterations: Int
    /// The derived 32 bytes.
    public let verifier: [UInt8]

    /// A stored verifier.
    public init(salt: [UInt8], iterations: Int, verifier: [UInt8]) {
        self.salt = salt
        self.iterations = iterations
        self.verifier = verifier
    }

    /// A new verifier of `passphrase` under a fresh salt.
    /// - Throws: `SpendingPolicyError.emptyPassphrase`.
    public static func make(_ passphrase: SecureBytes, iterations: Int = defaultIterations) throws(SpendingPolicyError)
        -> PolicyPassphrase
    {
        guard passphrase.count > 0 else { throw .emptyPassphrase }
        let salt = SecureRandom.bytes(16)
        return PolicyPassphrase(salt: salt, iterations: iterations, verifier: derive(passphrase, salt, iterations))
    }

    /// Whether `passphrase` is the one this verifier was made from (constant-time compare).
    public func matches(_ passphrase: SecureBytes) -> Bool {
        guard Self.acceptedIterations.contains(iterations), salt.count == 16, verifier.count == 32 else { return false }
        return constantTimeEqual(Self.derive(passphrase, salt, iterations), verifier)
    }

    /// Throws `wrongPassphrase` unless `passphrase` matches.
    public func check(_ passphrase: SecureBytes) throws(SpendingPolicyError) {
        guard matches(passphrase) else { throw .wrongPassphrase }
    }

    private static func derive(_ passphrase: SecureBytes, _ salt: [UInt8], _ iterations: Int) -> [UInt8] {
        var password = passphrase.bytes
        defer { Zeroization.zeroize(&password) }
        return PBKDF2.sha256(password: password, salt: salt, iterations: iterations, keyLength: 32)
    }
}
