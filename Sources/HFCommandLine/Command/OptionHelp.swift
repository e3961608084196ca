/// Describes one of a command's own options or flags, for help and the usage line.
public struct OptionHelp: Sendable, Equatable {
    /// The spellings, as on the command line (`["-o", "--out"]`).
    public let names: [String]
    /// The value placeholder (`file` is shown as `<file>`), or nil for a flag.
    public let valueName: String?
    /// One line of help.
    public let help: String
    /// The option must be given (shown without brackets in the usage line).
    public let isRequired: Bool

    /// Describes an option that takes a value.
    public init(_ names: String..., value valueName: String, help: String, required: Bool = false) {
        self.names = names
        self.valueName = valueName
        self.help = help
        self.isRequired = required
    }

    /// Describes a flag.
    public init(flag names: String..., help: String) {
        self.names = names
        self.valueName = nil
        self.help = help
        self.isRequired = false
    }

    /// The option as listed under `OPTIONS:`: `-o, --out <file>`.
    public var label: String {
        names.joined(separator: ", ") + (valueName.map { " <\($0)>" } ?? "")
    }

    /// The option as shown in the usage line: `[--out <file>]`, or `--out <file>` when required.
    public var usage: String {
        let name = names.first(where: { $0.hasPrefix("--") }) ?? names[0]
        let core = name + (valueName.map { " <\($0)>" } ?? "")
        return isRequired ? core : "[\(core)]"
    }
}
