/// What a running command knows about its invocation.
public struct CommandContext: Sendable {
    /// The global options (`--home`, `--network`, `--json`, `--passphrase-file`, and any the tool declared).
    public let globals: GlobalOptions
    /// The command names from the root to this command, for example `["hf-signer", "keys", "generate-mnemonic"]`.
    public let path: [String]
    /// The version string the tool was started with.
    public let version: String

    /// Creates a context (the runner does this; tests may too).
    public init(globals: GlobalOptions = GlobalOptions(), path: [String], version: String = "") {
        self.globals = globals
        self.path = path
        self.version = version
    }

    /// The tool's name (the first element of ``path``).
    public var toolName: String { path.first ?? "" }

    /// The path joined by spaces, as in messages: `hf-signer keys generate-mnemonic`.
    public var commandPath: String { path.joined(separator: " ") }
}
