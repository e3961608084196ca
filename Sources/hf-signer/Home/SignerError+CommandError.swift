import HFCommandLine
import HFCrypto
import HFSignerCore
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
    /// Opens the initialised home of `--home` (or the default).
    func openHome() throws(CommandError) -> SignerHome {
        try signerOperation { () throws(SignerError) in try SignerHome.open(explicit: globals.home) }
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
