import HFCommandLine
import HFSignerCore

/// `hf-signer policy clear`: removes the policy (needs the policy passphrase).
struct PolicyClearCommand: Command {
    static let name = "clear"
    static let abstract = "Remove the spending policy (asks for the policy passphrase)."
    static let discussion: String? = """
        The record of what left stays: a policy set later counts it. A wrong passphrase exits 77 and changes \
        nothing. With --json: {"cleared":true}.
        """
    static let options = [PolicyPassphraseInput.option]

    let passphrase: PolicyPassphraseInput

    init(parsing arguments: inout Arguments) throws { passphrase = try PolicyPassphraseInput(parsing: &arguments) }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        try signerOperation { () throws(SignerError) in try session.clearPolicy(secrets: passphrase, storeSecrets: context.secrets) }
        if context.globals.json {
            try Output.json(["cleared": true])
        } else {
            Output.result("spending policy cleared")
        }
        return .success
    }
}
