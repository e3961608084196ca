/// A command of a command-line tool: a type that describes itself, parses its arguments and runs.
///
/// A leaf command reads its options, flags and positionals in ``init(parsing:)`` and does its work in
/// ``run(_:)``. A parent command lists ``subcommands`` and usually conforms to ``CommandGroup`` instead, which
/// supplies both and prints the parent's help when no subcommand is given.
///
/// ```swift
/// struct Generate: Command {
///     static let name = "generate-mnemonic"
///     static let abstract = "Generate a new BIP39 mnemonic."
///     static let out = OptionHelp("--out", value: "file", help: "Write the phrase to FILE (mode 0600).")
///     static let options = [out]
///     let out: String?
///     init(parsing arguments: inout Arguments) throws { out = try arguments.option(Self.out) }
///     func run(_ context: CommandContext) throws -> ExitCode { …; return .success }
/// }
/// ```
public protocol Command: Sendable {
    /// The word that selects this command on the command line (for the root: the tool's name).
    static var name: String { get }
    /// One line for `OVERVIEW:` and the parent's `SUBCOMMANDS:` list.
    static var abstract: String { get }
    /// Paragraphs printed after the overview line, or nil (the default).
    static var discussion: String? { get }
    /// The positional arguments, for help and the usage line. Default: none.
    static var arguments: [ArgumentHelp] { get }
    /// The command's own options and flags, for help, the usage line and parsing: ``init(parsing:)`` reads each by
    /// the same value (the runner declares these before parsing; reading any other is a programming error).
    /// Default: none.
    static var options: [OptionHelp] { get }
    /// The subcommands, in the order help lists them. Default: none (a leaf).
    static var subcommands: [any Command.Type] { get }

    /// Parses the command's own arguments. The runner calls ``Arguments/finish()`` afterwards, so leftovers are
    /// rejected even when the command does not check.
    /// - Throws: ``UsageError`` for command-line mistakes; any other error is reported like an error from `run`.
    init(parsing arguments: inout Arguments) throws

    /// Does the work. Results go to stdout through ``Output``; messages to stderr.
    /// - Returns: the exit status (usually ``ExitCode/success``).
    /// - Throws: ``CommandError`` to stop with a message and exit code, ``ExitCode`` to stop silently,
    ///   ``CleanExit`` to print help. Any other error prints `error: <description>` and exits 1.
    func run(_ context: CommandContext) throws -> ExitCode
}

extension Command {
    /// No discussion.
    public static var discussion: String? { nil }
    /// No positional arguments.
    public static var arguments: [ArgumentHelp] { [] }
    /// No options of its own.
    public static var options: [OptionHelp] { [] }
    /// No subcommands.
    public static var subcommands: [any Command.Type] { [] }

    /// Runs this type as the root command of a tool and exits. See ``CommandRunner/main(root:version:arguments:globals:)``.
    public static func main(version: String, arguments: [String] = CommandLine.arguments,
                            globals: [GlobalOption] = GlobalOption.standard) -> Never {
        CommandRunner.main(root: self, version: version, arguments: arguments, globals: globals)
    }
}

/// A parent command: it only groups ``Command/subcommands`` and prints its help when none is given.
///
/// Conforming types need only the static description; a struct without stored properties gets `init()` for free.
public protocol CommandGroup: Command {
    /// Creates the (stateless) group.
    init()
}

extension CommandGroup {
    /// Accepts no arguments of its own.
    public init(parsing arguments: inout Arguments) throws { self.init() }

    /// Prints the group's help (throws ``CleanExit/helpRequest``).
    public func run(_ context: CommandContext) throws -> ExitCode { throw CleanExit.helpRequest }
}
