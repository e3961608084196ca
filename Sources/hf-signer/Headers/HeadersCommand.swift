import HFCommandLine

/// `hf-signer headers`: the SPV header chain.
struct HeadersCommand: CommandGroup {
    static let name = "headers"
    static let abstract = "Inspect the validated header chain."
    static let subcommands: [any Command.Type] = [HeadersStatusCommand.self]
}
