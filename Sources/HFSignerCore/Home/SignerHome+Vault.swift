public import HFCrypto
public import HFStore

extension SignerHome {
    /// Whether the home has its key vault (created by `init` with a store passphrase).
    public func hasVault() throws(SignerError) -> Bool {
        do { return try DatabaseKeyshareVault.exists(in: database) } catch { throw .vault(error) }
    }

    /// The home directory's path.
    public var path: String { directory.path }

    /// Opens the active vault, first creating the encrypted one under `passphrase` when the home has none yet
    /// (`backup restore` into a new home).
    public func openOrCreateVault(passphrase: SecureBytes) throws(SignerError) -> SignerVault {
        try hasVault() ? openActiveVault(passphrase: passphrase) : SignerVault(try createVault(passphrase: passphrase))
    }

    /// Creates the key vault under `passphrase`.
    public func createVault(passphrase: SecureBytes) throws(SignerError) -> DatabaseKeyshareVault {
        do { return try DatabaseKeyshareVault.create(in: database, passphrase: passphrase) } catch { throw .vault(error) }
    }

    /// Opens the encrypted key vault with the store passphrase (one key derivation).
    ///
    /// Seeds are read through the *active* vault, which `hf-signer vault migrate` may have changed: use
    /// ``openActiveVault(passphrase:)`` for them.
    public func openVault(passphrase: SecureBytes) throws(SignerError) -> DatabaseKeyshareVault {
        do { return try DatabaseKeyshareVault.open(in: database, passphrase: passphrase) } catch { throw .vault(error) }
    }
}
