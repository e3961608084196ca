import HFCommandLine
import HFCrypto
import HFSignerCore
import HFSPV
import HFStore

extension SignerError {
    /// The command-line error of this failure, with the exit code of DESIGN §8.
    var commandError: CommandError {
        CommandError(exitCode, description)
    }

    private var exitCode: ExitCode {
        switch self {
        case .home(.noLocation): .usage
        case .home(.system): .ioError
        case .home: .noPermission
        case .notInitialized, .unreadable: .noInput
        case .database: .ioError
        case .headerStore(.busy): .tryAgain
        case .headerStore, .headerChainStorage: .ioError
        case .homeLock(.busy): .tryAgain
        case .homeLock: .ioError
        case .rejected: .dataError
        case .vault(.wrongPassphrase): .noPermission
        case .vault(.notCreated), .vault(.missing): .noInput
        case .vault(.database), .vault(.file): .ioError
        case .vault(.unsafeLocation): .noPermission
        case .vault: .dataError
        case .cannotCreate: .cannotCreate
        case .migrationDeferred: .tryAgain
        case .notAuthorized: .noPermission
        case .wipeFailed: .ioError
        }
    }
}

/// Runs `body`, turning a `SignerError` into the matching `CommandError`.
func signerOperation<T>(_ body: () throws(SignerError) -> T) throws(CommandError) -> T {
    do { return try body() } catch { throw error.commandError }
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

    /// The home of ``openSession()``.
    func openHome() throws(CommandError) -> SignerHome { try openSession().home }

    /// The header chain of `--network`, opened once per process.
    func openChain() throws(CommandError) -> HeaderChain {
        let session = try openSession()
        return try signerOperation { () throws(SignerError) in try session.chain() }
    }
}

/// The one session of this process (a command runs on the main thread, once).
enum OpenSession {
    nonisolated(unsafe) static var current: SignerSession?

    /// Closes the session: the database first, then the home lock.
    static func close() {
        let lock = current?.lock
        current = nil
        lock?.release()
    }
}

extension CommandContext {
    /// The store passphrase: `--passphrase-file`, else asked on the terminal. Secret.
    func storePassphrase() throws(CommandError) -> SecureBytes {
        var bytes = try SecretInput.passphrase(globals, prompt: "Store passphrase: ")
        return SecureBytes(consuming: &bytes)
    }

    /// The home's active key vault (`hf-signer vault`); the encrypted one is unlocked with the store passphrase,
    /// which is asked for only then.
    func openVault(_ home: SignerHome) throws(CommandError) -> any KeyshareVault {
        let kind = try signerOperation { () throws(SignerError) in try home.activeVaultKind() }
        let passphrase = kind == .encrypted ? try storePassphrase() : nil
        return try signerOperation { () throws(SignerError) in try home.openVault(kind, passphrase: passphrase) }
    }
}

extension CommandContext {
    /// The legacy launch gate every wallet command passes first (seed 000): with a legacy keychain recorded, runs the
    /// migrator when `vault` is open and refuses with exit 75 while legacy wallets are pending or unreadable.
    func legacyGate(_ home: SignerHome, vault: (any KeyshareVault)?) throws(CommandError) {
        try signerOperation { () throws(SignerError) in try SignerMigration(home: home).gate(vault: vault) }
    }
}
