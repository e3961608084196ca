/// Describes a positional argument of a command, for help and the usage line.
public struct ArgumentHelp: Sendable, Equatable {
    /// The placeholder without brackets (`file` is shown as `<file>`).
    public let label: String
    /// One line of help.
    public let help: String
    /// The argument may be left out (`[<label>]`).
    public let isOptional: Bool
    /// The argument takes every remaining positional (`<label> ...`).
    public let isRepeating: Bool

    /// Describes a positional argument.
    public init(_ label: String, help: String, optional: Bool = false, repeating: Bool = false) {
        self.label = label
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
    }

    /// How the argument appears in the usage line: `<file>`, `[<file>]`, `<file> ...`, `[<file> ...]`.
    public var usage: String {
        let core = "<\(label)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
