import HFCommandLine
import HFCrypto
import HFSignerCore

/// `--policy-passphrase-file FILE`: the policy passphrase from a 0600 file, else from the terminal (asked twice for
/// a new one). Never from argv or the environment.
struct PolicyPassphraseInput: PolicySecrets {
    static let option = OptionHelp(
        "--policy-passphrase-file", value: "file", help: "File (mode 0600) with the policy passphrase.")

    let file: String?

    init(parsing arguments: inout Arguments) throws(UsageError) {
        file = try arguments.option(Self.option)
    }

    func policyPassphrase(new: Bool) throws(SignerError) -> SecureBytes {
        do {
            var bytes: [UInt8]
            if let file {
                bytes = try SecretInput.readFile(file)
            } else if new {
                bytes = try SecretInput.promptNew(
                    "New policy passphrase: ", confirmation: "Repeat it: ", fileOption: Self.option.names[0])
            } else {
                bytes = try SecretInput.prompt("Policy passphrase: ", fileOption: Self.option.names[0])
            }
            return SecureBytes(consuming: &bytes)
        } catch {
            throw .input(reason: error.message, code: error.code, status: error.exitCode.status)
        }
    }
}
