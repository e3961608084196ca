import HFCommandLine

/// `hf-signer bundle`: look at bundles without importing them.
struct BundleCommand: CommandGroup {
    static let name = "bundle"
    static let abstract = "Decode and validate bundles without touching the store."
    static let subcommands: [any Command.Type] = [BundleInspectCommand.self]
}
