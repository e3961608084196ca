import HFCommandLine
import HFSignerCore

/// `hf-signer vault verify`: every id readable, every wallet's seed present and matching.
struct VaultVerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Check that every wallet's seed is in the active vault, readable and matching."
    static let discussion: String? = """
        Reads every item of the active vault (the store passphrase is asked for when it is the encrypted one) and \
        checks each wallet row of every network against it. Exits 0 when all is well, 65 otherwise. With --json: \
        {"ids","kind","migration","mismatchedSeeds","missingSeeds","ok","orphaned","otherVaults","unreadable"} \
        (ids and wallet IDs only, never secrets).
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let check = try signerOperation { () throws(SignerError) in try session.verifyVault(context.secrets) }
        let failure = check.ok ? nil : CommandError(.dataError, "the vault check failed; see the report above", code: "vaultCheckFailed")
        if context.globals.json {
            if let failure { throw try Output.jsonFailure(check, failure) }
            try Output.json(check)
        } else {
            Output.result("\(check.kind) vault: \(check.ids) ids")
            for (label, list) in [
                ("unreadable", check.unreadable), ("wallet without its seed", check.missingSeeds),
                ("seed not matching its wallet", check.mismatchedSeeds), ("id without a wallet", check.orphaned),
            ] {
                for item in list { Output.result("\(label): \(item)") }
            }
            for (other, ids) in check.otherVaults.sorted(by: { $0.key < $1.key }) {
                Output.result("also in the \(other) vault: \(ids.joined(separator: ", "))")
            }
            if let migration = check.migration { Output.result("unfinished migration: \(migration)") }
        }
        if let failure { throw failure }
        return .success
    }
}
