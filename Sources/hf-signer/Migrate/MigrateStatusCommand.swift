import HFCommandLine
import HFSignerCore

/// `hf-signer migrate status [--keychain-dir DIR]`.
struct MigrateStatusCommand: Command {
    static let name = "status"
    static let abstract = "Show the legacy migration's launch state and flags (needs no passphrase)."
    static let discussion: String? = """
        The launch state is computed from the keychain given with --keychain-dir, else the recorded one (absent \
        when none): absent (nothing to wait for), pending (legacy wallets not migrated yet), unreadable (the \
        keychain cannot be listed, or only an unreadable chain list could name the remaining mnemonics). With \
        --json: {"launchState":"absent"|"pending"|"unreadable","done":BOOL,"deferredUnknownChain":BOOL,\
        "deferredFailure":BOOL,"migratedCount":N}.
        """
    static let options = [Option.keychainDir]
    /// The options, declared once for help and parsing.
    enum Option {
        static let keychainDir = OptionHelp("--keychain-dir", value: "dir", help: "The legacy keychain root directory.")
    }

    let keychainDirectory: String?

    init(parsing arguments: inout Arguments) throws {
        keychainDirectory = try arguments.option(Option.keychainDir)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let status = try signerOperation { () throws(SignerError) in
            try session.migrationStatus(keychainDirectory: keychainDirectory.map(MigrateDashSyncCommand.absolute))
        }
        if context.globals.json {
            try Output.json(status)
        } else {
            Output.result("""
                launch state:           \(status.launchStateName)
                done:                   \(status.done)
                deferred unknown chain: \(status.deferredUnknownChain)
                deferred failure:       \(status.deferredFailure)
                migrated wallets:       \(status.migratedCount)
                """)
        }
        return .success
    }
}

/// `hf-signer migrate forget`.
struct MigrateForgetCommand: Command {
    static let name = "forget"
    static let abstract = "Stop using the recorded legacy keychain directory (it is left as it is)."

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        try signerOperation { () throws(SignerError) in try session.forgetLegacyKeychain() }
        Output.result("the legacy keychain is no longer used")
        return .success
    }
}
