import HFCommandLine

/// `hf-signer cert`: BRC-52 identity certificates.
struct CertCommand: CommandGroup {
    static let name = "cert"
    static let abstract = "Check BRC-52 identity certificates."
    static let subcommands: [any Command.Type] = [CertVerifyCommand.self]
}
