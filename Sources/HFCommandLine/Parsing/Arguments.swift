/// A cursor over the words of a command line that a command reads its options, flags and positionals from.
///
/// Rules:
/// - `--name value` and `--name=value` are the same. In the two-word form the value may not start with `-`
///   (write `--name=-value`); a missing or empty value is a usage error.
/// - An option given more than once is a usage error (``optionValues(_:)`` reads options meant to repeat).
/// - `--` ends option parsing: every word after it is positional.
/// - `-` alone is a positional (conventionally stdin); other words starting with `-` are options, so a negative
///   number as a positional needs `--` before it.
/// - Read options and flags first, then positionals. ``finish()`` rejects anything left over, naming it.
///
/// Only leaf commands read positionals; parents only call ``popSubcommand()`` (the runner does this for them).
///
/// Options and flags are read by their ``OptionHelp``, the same value the command lists in ``Command/options``, so
/// each option is declared once for help and parsing. The runner declares the command's options before parsing;
/// reading one that is not declared is a programming error (an assertion in debug builds, which every CLI test
/// runs).
public struct Arguments: Sendable {
    /// The words, without the program name and without global options.
    public let tokens: [String]
    /// The global options of this command line.
    public let globals: GlobalOptions
    private var consumed: [Bool]
    private let terminator: Int
    /// The options the command declared (for help), or nil when nothing was declared (a cursor made by hand).
    private var declared: [OptionHelp]?

    /// Creates a cursor over `tokens`.
    public init(_ tokens: [String], globals: GlobalOptions = GlobalOptions()) {
        self.tokens = tokens
        self.globals = globals
        consumed = Array(repeating: false, count: tokens.count)
        terminator = tokens.firstIndex(of: "--") ?? tokens.count
        if terminator < tokens.count { consumed[terminator] = true }
    }

    /// The words not read yet, in order (the `--` terminator excluded).
    public var unread: [String] { tokens.indices.filter { !consumed[$0] }.map { tokens[$0] } }

    /// True when every word has been read.
    public var isFinished: Bool { !consumed.contains(false) }

    /// Declares the options the command lists for help: only these may be read.
    public mutating func declare(_ options: [OptionHelp]) { declared = options }

    // MARK: - Options

    /// Reads the value option `option`, or nil when it is absent.
    /// - Throws: ``UsageError`` when the value is missing or empty, or the option appears more than once.
    public mutating func option(_ option: OptionHelp) throws(UsageError) -> String? {
        try self.option(checked(option, flag: false))
    }

    /// Reads the value option `option`, which must be given here.
    /// - Throws: ``UsageError`` when it is absent, or for the reasons of ``option(_:)-(OptionHelp)``.
    public mutating func requiredOption(_ option: OptionHelp) throws(UsageError) -> String {
        try requiredOption(checked(option, flag: false))
    }

    /// Reads every occurrence of the repeatable value option `option`, in order; empty when absent.
    public mutating func optionValues(_ option: OptionHelp) throws(UsageError) -> [String] {
        try optionValues(checked(option, flag: false))
    }

    /// Reads every occurrence of the repeatable value options `options` together, in command-line order, each with
    /// the option it was given as (`--to A --amount 5 --to B --amount 6` keeps the pairs visible); empty when none.
    /// - Throws: ``UsageError`` when a value is missing or empty.
    public mutating func optionValues(inOrder options: [OptionHelp]) throws(UsageError)
        -> [(option: OptionHelp, value: String)]
    {
        try occurrences(options.map { checked($0, flag: false) }).map { (options[$0.group], $0.value) }
    }

    /// Reads the flag `option`: true when present (repeats allowed).
    /// - Throws: ``UsageError`` when it is given a value (`--yes=1`).
    public mutating func flag(_ option: OptionHelp) throws(UsageError) -> Bool {
        try flag(checked(option, flag: true))
    }

    private func checked(_ option: OptionHelp, flag: Bool) -> [String] {
        assert(declared?.contains(option) ?? true, "\(option.label) is read but not in the command's options")
        assert((option.valueName == nil) == flag, "\(option.label) is read as a \(flag ? "flag" : "value option")")
        return option.names
    }

    /// Reads the option spelled with any of `names` (for example `"--out", "-o"`), or nil when it is absent.
    /// - Throws: ``UsageError`` when the value is missing or empty, or the option appears more than once.
    mutating func option(_ names: String...) throws(UsageError) -> String? { try option(names) }

    private mutating func option(_ names: [String]) throws(UsageError) -> String? {
        let values = try optionValues(names)
        guard values.count <= 1 else { throw UsageError("option '\(names[0])' was given more than once") }
        return values.first
    }

    /// Reads a required option.
    /// - Throws: ``UsageError`` when it is absent, or for the reasons of ``option(_:)``.
    mutating func requiredOption(_ names: String...) throws(UsageError) -> String { try requiredOption(names) }

    private mutating func requiredOption(_ names: [String]) throws(UsageError) -> String {
        let values = try optionValues(names)
        guard values.count <= 1 else { throw UsageError("option '\(names[0])' was given more than once") }
        guard let value = values.first else { throw UsageError("missing option '\(names[0])'") }
        return value
    }

    /// Reads every occurrence of an option meant to repeat (`--to A --to B`), in order; empty when absent.
    /// - Throws: ``UsageError`` when a value is missing or empty.
    mutating func optionValues(_ names: String...) throws(UsageError) -> [String] {
        try optionValues(names)
    }

    private mutating func optionValues(_ names: [String]) throws(UsageError) -> [String] {
        try occurrences([names]).map(\.value)
    }

    /// Reads every occurrence of the options spelled with the names of any of `groups`, in order, with the index
    /// of the group each belongs to.
    private mutating func occurrences(_ groups: [[String]]) throws(UsageError) -> [(group: Int, value: String)] {
        precondition(
            !groups.isEmpty && groups.allSatisfy { !$0.isEmpty && $0.allSatisfy(ArgumentToken.isOption) },
            "option names start with -")
        var values: [(group: Int, value: String)] = []
        var index = 0
        while index < terminator {
            defer { index += 1 }
            guard !consumed[index] else { continue }
            let token = tokens[index]
            if let group = groups.firstIndex(where: { $0.contains(token) }) {
                consumed[index] = true
                let next = index + 1
                guard next < terminator, !consumed[next], ArgumentToken.canBeValue(tokens[next]) else {
                    throw UsageError("option '\(token)' needs a value")
                }
                consumed[next] = true
                values.append((group, tokens[next]))
                index = next
            } else if case let (name, value?) = ArgumentToken.split(token),
                let group = groups.firstIndex(where: { $0.contains(name) })
            {
                consumed[index] = true
                guard !value.isEmpty else { throw UsageError("option '\(name)' needs a value") }
                values.append((group, value))
            }
        }
        return values
    }

    /// Reads a flag spelled with any of `names` (for example `"--yes", "-y"`): true when present (repeats allowed).
    /// - Throws: ``UsageError`` when it is given a value (`--yes=1`).
    mutating func flag(_ names: String...) throws(UsageError) -> Bool { try flag(names) }

    private mutating func flag(_ names: [String]) throws(UsageError) -> Bool {
        precondition(!names.isEmpty && names.allSatisfy(ArgumentToken.isOption), "flag names start with -")
        var found = false
        for index in 0..<terminator where !consumed[index] {
            let token = tokens[index]
            if names.contains(token) {
                consumed[index] = true
                found = true
            } else if case let (name, _?) = ArgumentToken.split(token), names.contains(name) {
                throw UsageError("option '\(name)' does not take a value")
            }
        }
        return found
    }

    // MARK: - Positionals

    /// Reads the next positional argument; `label` names it in the error (`<label>`).
    /// - Throws: ``UsageError`` when there is none.
    public mutating func positional(_ label: String) throws(UsageError) -> String {
        guard let value = optionalPositional(label) else { throw UsageError("missing argument <\(label)>") }
        return value
    }

    /// Reads the next positional argument, or nil when there is none.
    public mutating func optionalPositional(_ label: String) -> String? {
        guard let index = nextPositionalIndex() else { return nil }
        consumed[index] = true
        return tokens[index]
    }

    /// Reads every remaining positional argument (`import FILE…`).
    /// - Throws: ``UsageError`` when there are fewer than `minimum`.
    public mutating func remainingPositionals(_ label: String, atLeast minimum: Int = 0) throws(UsageError)
        -> [String]
    {
        var values: [String] = []
        while let value = optionalPositional(label) { values.append(value) }
        guard values.count >= minimum else { throw UsageError("missing argument <\(label)>") }
        return values
    }

    private func nextPositionalIndex() -> Int? {
        tokens.indices.first { index in
            !consumed[index] && (index > terminator || !ArgumentToken.isOption(tokens[index]))
        }
    }

    // MARK: - Subcommands and the end

    /// The next word not yet read, if it comes before `--`, without consuming it.
    public var peek: String? {
        guard let index = consumed.firstIndex(of: false), index < terminator else { return nil }
        return tokens[index]
    }

    /// Reads the next word as a subcommand name: nil when there is none, or it is an option or after `--`.
    public mutating func popSubcommand() -> String? {
        guard let index = consumed.firstIndex(of: false), index < terminator,
            !ArgumentToken.isOption(tokens[index])
        else { return nil }
        consumed[index] = true
        return tokens[index]
    }

    /// Checks that every word was read.
    /// - Throws: ``UsageError`` naming the first leftover: `unknown option '--x'` or `unexpected argument 'x'`.
    public func finish() throws(UsageError) {
        guard let index = consumed.firstIndex(of: false) else { return }
        let token = tokens[index]
        if index < terminator, ArgumentToken.isOption(token) {
            throw UsageError("unknown option '\(ArgumentToken.split(token).name)'")
        }
        throw UsageError("unexpected argument '\(token)'")
    }
}
