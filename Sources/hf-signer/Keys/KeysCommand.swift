import HFCommandLine

/// `hf-signer keys`: stateless key tools that need no home directory.
struct KeysCommand: CommandGroup {
    static let name = "keys"
    static let abstract = "Stateless key tools: generate a phrase, derive addresses, show the identity key, test the generator."
    static let subcommands: [any Command.Type] = [GenerateMnemonic.self, Derive.self, Identity.self, SelfTestCommand.self]
}
