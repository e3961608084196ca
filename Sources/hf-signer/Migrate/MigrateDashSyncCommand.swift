import Foundation
import HFCommandLine
import HFSignerCore

/// `hf-signer migrate dashsync --keychain-dir DIR`: records DIR and runs the migrator.
struct MigrateDashSyncCommand: Command {
    static let name = "dashsync"
    static let abstract = "Record a legacy keychain directory and import its DashSync wallets."
    static let discussion: String? = """
        DIR is a legacy keychain exported as a directory: DIR/org.dashfoundation.dash/<account>, one file per item. \
        The directory is only read; nothing in it is changed. DIR is recorded in the home (until `migrate forget`): \
        wallet commands then run the migrator first and refuse with exit 75 while legacy wallets are left \
        unmigrated or the keychain cannot be read. Wallets listed on the mainnet chain list are imported on main, \
        testnet ones on test; orphaned mnemonics (named by no list) are skipped and kept. Exit 0 when migration is \
        done, 75 when it is incomplete (run again after fixing the keychain). With --json: \
        {"state":"done"|"incomplete","migrated":N,"alreadyMigrated":N,"orphaned":N,"unknownChain":N,\
        "undetermined":N,"failed":N}.
        """
    static let options = [
        Option.keychainDir
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let keychainDir = OptionHelp(
            "--keychain-dir", value: "dir", help: "The legacy keychain root directory.", required: true)
    }

    let keychainDirectory: String

    init(parsing arguments: inout Arguments) throws {
        keychainDirectory = try arguments.requiredOption(Option.keychainDir)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let directory = Self.absolute(keychainDirectory)
        let report = try signerOperation { () throws(SignerError) in
            try session.migrateDashSync(keychainDirectory: directory, secrets: context.secrets)
        }
        if context.globals.json {
            try Output.json(report)
        } else {
            Output.result(report.summary)
        }
        if report.isIncomplete {
            Output.message("migration is incomplete; see `hf-signer migrate status`, fix the legacy keychain and run again")
            return .tryAgain
        }
        return .success
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
