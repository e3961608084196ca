/// Declares one option that is accepted anywhere on the command line, before or after subcommand names.
///
/// A tool passes its list to ``CommandRunner/main(root:version:arguments:globals:)``; ``standard`` holds the options
/// docs/design.md §8 gives both `hf-signer` and `hf-watcher`. `-h`/`--help` and `--version` are always handled by the
/// runner and are not declared here. Global options are removed from the argument list before any command parses
/// it, so a command must not declare an option with the same name.
public struct GlobalOption: Sendable, Hashable {
    /// The option's spelling, starting with `--` (for example `--home`).
    public let name: String
    /// The placeholder shown in help for the value (`dir` gives `--home <dir>`), or nil for a flag.
    public let valueName: String?
    /// The only values accepted, or nil for any value. Any other value is a usage error (exit 64).
    public let allowedValues: [String]?
    /// The value used when the option is absent, or nil.
    public let defaultValue: String?
    /// One line of help text.
    public let help: String

    /// Declares a global option that takes a value.
    public init(name: String, valueName: String, allowedValues: [String]? = nil, defaultValue: String? = nil,
                help: String) {
        precondition(name.hasPrefix("--") && name.count > 2, "global option names start with --")
        self.name = name
        self.valueName = valueName
        self.allowedValues = allowedValues
        self.defaultValue = defaultValue
        self.help = help
    }

    /// Declares a global flag (an option without a value).
    public init(flag name: String, help: String) {
        precondition(name.hasPrefix("--") && name.count > 2, "global option names start with --")
        self.name = name
        self.valueName = nil
        self.allowedValues = nil
        self.defaultValue = nil
        self.help = help
    }

    /// True when the option is a flag.
    public var isFlag: Bool { valueName == nil }

    /// `--home DIR`: the tool's home directory.
    public static let home = GlobalOption(
        name: "--home", valueName: "dir", help: "Use DIR as the home directory instead of the default.")
    /// `--network main|test|regtest`, default `main`.
    public static let network = GlobalOption(
        name: "--network", valueName: "network", allowedValues: NetworkName.allCases.map(\.rawValue),
        defaultValue: NetworkName.main.rawValue, help: "The network: main, test or regtest.")
    /// `--json`: machine-readable results on stdout.
    public static let json = GlobalOption(flag: "--json", help: "Print results as JSON.")
    /// `--passphrase-file FILE`: read the store passphrase from a file (mode 0600) instead of the terminal.
    public static let passphraseFile = GlobalOption(
        name: "--passphrase-file", valueName: "file",
        help: "Read the passphrase from FILE (mode 0600) instead of the terminal.")

    /// The global options of docs/design.md §8: `--home`, `--network`, `--json`, `--passphrase-file`.
    public static let standard: [GlobalOption] = [.home, .network, .json, .passphraseFile]
}
