public import HFCrypto

/// Where the policy passphrase comes from: the executable implements it (a terminal prompt without echo, or a 0600
/// `--policy-passphrase-file`), never argv or the environment.
public protocol PolicySecrets {
    /// The policy passphrase. `new` is true when the first policy is set (a prompt asks twice).
    func policyPassphrase(new: Bool) throws(SignerError) -> SecureBytes
}
