import HFCommandLine
import HFCrypto
import HFSignerCore

/// Runs `body`, turning a `SignerError` into the matching `CommandError`.
func signerOperation<T>(_ body: () throws(SignerError) -> T) throws(CommandError) -> T {
    do { return try body() } catch { throw error.commandError }
}

extension SignerError {
    /// The command-line error of this failure: one `error:` line, the exit code of the core's table and the code.
    var commandError: CommandError { CommandError(ExitCode(exitStatus), description, code: code) }
}

extension CommandContext {
    /// The session of this process: the initialised home of `--home` (or the default), locked for the command's
    /// whole run, with the chain of `--network` opened once. Opened on first use (a command that routes to others,
    /// like `scan`, shares it: the lock is taken once).
    func openSession() throws(CommandError) -> SignerSession {
        if let session = OpenSession.current { return session }
        let session = try signerOperation { () throws(SignerError) in
            try SignerSession.open(explicit: globals.home, network: globals.network.network)
        }
        OpenSession.current = session
        return session
    }


}

/// The one session of this process (a command runs on the main thread, once).
enum OpenSession {
    nonisolated(unsafe) static var current: SignerSession?

    /// Closes the session: the database first, then the home lock.
    static func close() {
        current?.close()
        current = nil
    }
}

extension CommandContext {
    /// The store passphrase: `--passphrase-file`, else asked on the terminal. Secret.
    func storePassphrase() throws(CommandError) -> SecureBytes {
        var bytes = try SecretInput.passphrase(globals, prompt: "Store passphrase: ")
        return SecureBytes(consuming: &bytes)
    }

    /// The session's active key vault (`hf-signer vault`); the encrypted one is unlocked with the store passphrase,
    /// which is asked for only then.
    func openVault() throws(CommandError) -> SignerVault {
        let session = try openSession()
        return try signerOperation { () throws(SignerError) in try session.openVault(secrets) }
    }
}

extension CommandContext {
    /// The legacy launch gate every wallet command passes first (docs/requirements/legacy-migration.md): with a legacy keychain recorded, runs the
    /// migrator when `vault` is open and refuses with exit 75 while legacy wallets are pending or unreadable.
    func legacyGate(vault: SignerVault?) throws(CommandError) {
        let session = try openSession()
        try signerOperation { () throws(SignerError) in try session.legacyGate(vault: vault) }
    }
}
