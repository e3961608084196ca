import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer wipe --reason …`: deletes every wallet, under one of the authorizations of docs/requirements/legacy-migration.md.
struct WipeCommand: Command {
    static let name = "wipe"
    static let abstract = "Delete every wallet of the home, with an explicit authorization."
    static let discussion: String? = """
        --reason recovery --phrase-file F: the phrase (a 0600 file) must match every stored wallet, legacy \
        DashSync mnemonics included; any unreadable entry refuses, and a phrase matching only some wallets is \
        refused as such. The legacy accounts of that seed are deleted first. --reason delete-all --confirm: every \
        legacy mnemonic account (orphaned ones too) is deleted first, then everything. --reason zero-balance: only \
        with exactly one stored wallet ID, on --network main, when the active wallet's confirmed balance is zero. \
        --reason debug-reset: keeps legacy data. A legacy cleanup failure aborts the wipe. Success only once the \
        vault holds no wallet mnemonic; preferences, migration flags and active wallets are cleared only then (the \
        recorded legacy keychain directory is kept). The legacy service directory is never deleted. Refusals exit \
        77 and delete nothing. In a home with a spending policy every wipe (which removes the policy too) needs \
        the policy passphrase (--policy-passphrase-file or the terminal; a wrong one exits 77). With --json: {"legacyAccountsRemoved":N,"reason":…,"walletsRemoved":N}.
        """
    static let options = [
        Option.reason,
        Option.phraseFile,
        Option.confirm,
        PolicyPassphraseInput.option,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let reason = OptionHelp(
            "--reason", value: "recovery|delete-all|zero-balance|debug-reset",
            help: "The authorization.", required: true)
        static let phraseFile = OptionHelp(
            "--phrase-file", value: "file", help: "With recovery: the recovery phrase (mode 0600).")
        static let confirm = OptionHelp(
            flag: "--confirm", help: "With delete-all: confirms deleting every wallet and legacy seed.")
    }

    let reason: String
    let phraseFile: String?
    let confirm: Bool
    let policyPassphrase: PolicyPassphraseInput

    init(parsing arguments: inout Arguments) throws {
        reason = try arguments.requiredOption(Option.reason)
        phraseFile = try arguments.option(Option.phraseFile)
        confirm = try arguments.flag(Option.confirm)
        policyPassphrase = try PolicyPassphraseInput(parsing: &arguments)
        // The confirmation (the support acknowledgement) belongs to delete-all only, the phrase to recovery only.
        if confirm && reason != "delete-all" { throw UsageError("--confirm is accepted only with --reason delete-all") }
        if phraseFile != nil && reason != "recovery" { throw UsageError("--phrase-file is accepted only with --reason recovery") }
        switch reason {
        case "recovery":
            guard phraseFile != nil else { throw UsageError("--reason recovery needs --phrase-file FILE") }
        case "delete-all":
            guard confirm else { throw UsageError("--reason delete-all needs --confirm") }
        case "zero-balance", "debug-reset": break
        default: throw UsageError("--reason must be recovery, delete-all, zero-balance or debug-reset, not '\(reason)'")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let request = try makeRequest()
        let result = try signerOperation { () throws(SignerError) in 
            try session.wipe(request, secrets: context.secrets, policySecrets: policyPassphrase)
        }
        if context.globals.json {
            try Output.json(result)
        } else {
            Output.result("wiped \(result.walletsRemoved) wallets and \(result.legacyAccountsRemoved) legacy accounts")
        }
        return .success
    }

    private func makeRequest() throws(CommandError) -> WipeRequest {
        switch reason {
        case "recovery":
            var bytes = try SecretInput.readFile(phraseFile ?? "")
            defer { Zeroization.zeroize(&bytes) }
            guard let text = String(validating: bytes, as: UTF8.self), let mnemonic = try? Mnemonic(phrase: text) else {
                throw .dataError("the file '\(phraseFile ?? "")' does not hold a valid recovery phrase")
            }
            return .recovery(mnemonic)
        case "delete-all": return .deleteAll
        case "zero-balance": return .zeroBalance
        default: return .debugReset
        }
    }
}
