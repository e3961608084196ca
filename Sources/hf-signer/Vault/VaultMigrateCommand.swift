import HFCommandLine
import HFCrypto
import HFSignerCore

/// `hf-signer vault migrate --to KIND`: moves every seed to another vault kind.
struct VaultMigrateCommand: Command {
    static let name = "migrate"
    static let abstract = "Move every seed to another vault kind (copy, verify, then delete the old)."
    static let discussion: String? = """
        Each item is read from the active vault, written to the new one, read back and compared byte for byte; \
        the new vault becomes active only when every item is copied, and old items are deleted only after their \
        copy is verified again. A crash at any point leaves a complete active vault; run the same command again \
        to finish. --to file and --to single-file store the seeds UNENCRYPTED on disk and need \
        --confirm-unencrypted. The store passphrase is asked for when either vault is the encrypted one. With \
        --json: {"active","alreadyPresent","copied","deleted","from","to"}.
        """
    static let options = [
        Option.to,
        Option.confirmUnencrypted,
        PolicyPassphraseInput.option,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let to = OptionHelp("--to", value: "kind", help: "encrypted, file or single-file.", required: true)
        static let confirmUnencrypted = OptionHelp(
            flag: "--confirm-unencrypted",
            help: "Required for --to file|single-file: seeds will lie unencrypted on disk.")
    }

    let target: VaultChoice
    let confirmed: Bool
    let policyPassphrase: PolicyPassphraseInput

    init(parsing arguments: inout Arguments) throws {
        let text = try arguments.requiredOption(Option.to)
        guard let kind = VaultChoice(rawValue: text) else {
            throw UsageError("--to must be encrypted, file or single-file, not '\(text)'")
        }
        target = kind
        confirmed = try arguments.flag(Option.confirmUnencrypted)
        policyPassphrase = try PolicyPassphraseInput(parsing: &arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if target.isUnencrypted {
            Output.message("""
                warning: the \(target.rawValue) vault stores every seed UNENCRYPTED on this machine's disk, protected \
                only by file permissions (0600 files in a 0700 directory). Anyone who can read the disk (a backup, a \
                stolen drive, another root user) can take the coins. Use it only on a dedicated offline machine with \
                full-disk encryption.
                """)
            guard confirmed else {
                throw CommandError(.usage, "refusing to store seeds unencrypted without --confirm-unencrypted")
            }
        }
        let session = try context.openSession()
        let report = try signerOperation { () throws(SignerError) in
            try session.migrateVault(to: target, secrets: context.secrets, policySecrets: policyPassphrase)
        }
        if context.globals.json {
            try Output.json(report)
        } else if report.from == report.to {
            Output.result("the \(target.rawValue) vault is already active; nothing to do")
        } else {
            Output.result("""
                the \(report.to) vault is now active: \(report.copied) copied, \(report.alreadyPresent) already \
                present, \(report.deleted) deleted from the \(report.from) vault
                """)
        }
        return .success
    }
}
