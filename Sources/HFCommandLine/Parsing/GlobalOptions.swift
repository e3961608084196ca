/// The values of the global options on one command line, available to every command through ``CommandContext``
/// and ``Arguments/globals``.
public struct GlobalOptions: Sendable, Equatable {
    /// Option values by option name (`"--home"`), including declared defaults.
    public private(set) var values: [String: String]
    /// The names of the global flags that were given (`"--json"`).
    public private(set) var flags: Set<String>
    /// The names of the options whose value was written on the command line (not filled in from a default).
    public private(set) var given: Set<String> = []

    /// Creates a value; with no arguments, the defaults of ``GlobalOption/standard`` (`--network main`).
    public init(values: [String: String] = [GlobalOption.network.name: NetworkName.main.rawValue],
                flags: Set<String> = []) {
        self.values = values
        self.flags = flags
    }

    /// The value of the option called `name`, or its default, or nil.
    public func value(_ name: String) -> String? { values[name] }

    /// True when the flag called `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// `--home DIR`, or nil for the tool's default home.
    public var home: String? { value(GlobalOption.home.name) }

    /// `--network`; `main` when absent, unless the tool's ``NetworkResolver`` chose the home's network.
    public var network: NetworkName {
        value(GlobalOption.network.name).flatMap(NetworkName.init(rawValue:)) ?? .main
    }

    /// `--network` as written on the command line, or nil when it was not given.
    public var givenNetwork: NetworkName? {
        given.contains(GlobalOption.network.name) ? network : nil
    }

    /// Sets the network the command uses when `--network` was not given (the home's network).
    public mutating func useNetwork(_ network: NetworkName) {
        values[GlobalOption.network.name] = network.rawValue
    }

    /// `--json`.
    public var json: Bool { flag(GlobalOption.json.name) }

    /// `--passphrase-file FILE`, or nil.
    public var passphraseFile: String? { value(GlobalOption.passphraseFile.name) }

    mutating func set(_ name: String, to value: String) { values[name] = value }

    mutating func markGiven(_ name: String) { given.insert(name) }

    mutating func raise(_ name: String) { flags.insert(name) }
}
