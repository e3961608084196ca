import HFCommandLine
import HFCrypto
import HFSignerCore

/// `hf-signer init`: creates the home (0700), the database and the header store of the selected network.
struct InitCommand: Command {
    static let name = "init"
    static let abstract = "Create the signer's home, database and header store (safe to run again)."
    static let discussion: String? = """
        The home is --home DIR, else $XDG_DATA_HOME/hf-signer, else ~/.local/share/hf-signer; it is created with \
        mode 0700 and refused if group or others can access it. The first init creates the key vault under a store \
        passphrase (asked twice on the terminal, or read from --passphrase-file); seeds are encrypted under it \
        (AES-256-GCM, key by PBKDF2-HMAC-SHA256 with 600,000 iterations). The header store of --network starts at \
        the compiled-in checkpoint. Running init again on an existing home changes nothing; a first init that fails \
        (a refused passphrase file, a full disk) removes the home it created. The home's parent directories may be \
        symbolic links; the home itself and the files in it may not.
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        let home = try signerOperation { () throws(SignerError) in try SignerHome.create(explicit: context.globals.home) }
        let status = try removingNewHomeOnFailure(home) {
            let session = try signerOperation { () throws(SignerError) in try SignerSession(home: home, network: network) }
            OpenSession.current = session
            if try !signerOperation({ () throws(SignerError) in try home.hasVault() }) {
                var passphrase: [UInt8]
                if let file = context.globals.passphraseFile {
                    passphrase = try SecretInput.readFile(file)
                } else {
                    passphrase = try SecretInput.promptNew("New store passphrase: ", confirmation: "Repeat it: ")
                }
                let secret = SecureBytes(consuming: &passphrase)
                _ = try signerOperation { () throws(SignerError) in try home.createVault(passphrase: secret) }
            }
            return try signerOperation { () throws(SignerError) in
                let status = try session.headerStatus()
                try home.recordNetwork(network)
                return (home.path, status)
            }
        }
        if context.globals.json {
            try Output.json(Result(home: status.0, network: status.1.network, validatedTipHeight: status.1.validatedTipHeight))
        } else {
            Output.result("home \(status.0) ready; \(status.1.network) headers validated to \(status.1.validatedTipHeight)")
        }
        return .success
    }

    /// The `--json` result.
    struct Result: Encodable {
        let home: String
        let network: String
        let validatedTipHeight: Int
    }
}
