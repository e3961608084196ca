/// What ``GlobalOptionParser/extract(from:declared:)`` found on a command line.
public struct GlobalExtraction: Sendable, Equatable {
    /// The global option values (with defaults filled in).
    public var options: GlobalOptions
    /// The arguments left for the commands, in order. A `--` terminator and everything after it are kept.
    public var remaining: [String]
    /// `-h` or `--help` appeared before any `--`.
    public var helpRequested: Bool
    /// `--version` appeared before any `--`.
    public var versionRequested: Bool
}

/// Removes global options from anywhere on a command line (up to a `--` terminator).
public enum GlobalOptionParser {
    /// Splits `arguments` (without the program name) into global options and everything else.
    ///
    /// Both `--name value` and `--name=value` are accepted. A value may not start with `-` in the two-word form
    /// (write `--name=-value`). A global option given twice is a usage error, as for command options.
    /// - Throws: ``UsageError`` for a missing value, a value not in the allowed list, a repeated option, or a
    ///   value given to a flag.
    public static func extract(from arguments: [String], declared: [GlobalOption]) throws(UsageError)
        -> GlobalExtraction
    {
        var options = GlobalOptions(values: [:])
        for option in declared {
            if let value = option.defaultValue { options.set(option.name, to: value) }
        }
        var result = GlobalExtraction(options: options, remaining: [], helpRequested: false, versionRequested: false)
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if token == "--" {
                result.remaining.append(contentsOf: arguments[(index - 1)...])
                break
            }
            if token == "-h" || token == "--help" {
                result.helpRequested = true
                continue
            }
            if token == "--version" {
                result.versionRequested = true
                continue
            }
            let (name, inlineValue) = ArgumentToken.split(token)
            guard let option = declared.first(where: { $0.name == name }) else {
                result.remaining.append(token)
                continue
            }
            guard seen.insert(option.name).inserted else {
                throw UsageError("option '\(option.name)' was given more than once")
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError("option '\(option.name)' does not take a value") }
                result.options.raise(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, ArgumentToken.canBeValue(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option '\(option.name)' needs a value")
            }
            guard !value.isEmpty else { throw UsageError("option '\(option.name)' needs a value") }
            if let allowed = option.allowedValues, !allowed.contains(value) {
                throw UsageError(
                    "invalid value '\(value)' for '\(option.name)'; expected one of: \(allowed.joined(separator: ", "))")
            }
            result.options.set(option.name, to: value)
            result.options.markGiven(option.name)
        }
        return result
    }
}
