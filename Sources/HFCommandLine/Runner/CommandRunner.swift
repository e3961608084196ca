/// Runs a tool's command tree: extracts global options, resolves subcommands, handles help and version, parses
/// the leaf command, runs it, and turns the outcome into output and an exit code.
///
/// Exit-code mapping: help and version print to stdout and give 0; a ``UsageError`` (or a ``CommandError`` with
/// ``ExitCode/usage``) prints `error: …`, `Usage: …` and `See '<path> --help'.` to stderr and gives 64; a
/// ``CommandError`` prints `error: <message>` and gives its code; a thrown ``ExitCode`` gives its value silently;
/// any other error prints `error: <description>` and gives 1.
public enum CommandRunner {
    /// Runs `root` with `arguments` (without the program name) and returns the exit code instead of exiting.
    ///
    /// Everything the runner and the commands write through ``Output`` goes to `output`, so tests can capture it.
    public static func run(root: any Command.Type, version: String, arguments: [String],
                           globals: [GlobalOption] = GlobalOption.standard,
                           networkResolver: NetworkResolver? = nil,
                           output: Output.Sinks = .process) -> ExitCode {
        Output.$sinks.withValue(output) {
            switch prepare(root: root, version: version, arguments: arguments, globals: globals,
                           networkResolver: networkResolver) {
            case .finished(let code):
                return code
            case .execute(let invocation):
                do {
                    return try invocation.command.run(invocation.context)
                } catch {
                    return report(
                        error, invocation.type, invocation.context.path, globals: globals,
                        json: invocation.context.globals.json)
                }
            }
        }
    }

    /// Like ``run(root:version:arguments:globals:output:)``, awaiting ``AsyncCommand``s.
    public static func runAsync(root: any Command.Type, version: String, arguments: [String],
                                globals: [GlobalOption] = GlobalOption.standard,
                                networkResolver: NetworkResolver? = nil,
                                output: Output.Sinks = .process) async -> ExitCode {
        await Output.$sinks.withValue(output) {
            switch prepare(root: root, version: version, arguments: arguments, globals: globals,
                           networkResolver: networkResolver) {
            case .finished(let code):
                return code
            case .execute(let invocation):
                do {
                    if let command = invocation.command as? any AsyncCommand {
                        return try await command.run(invocation.context)
                    }
                    return try invocation.command.run(invocation.context)
                } catch {
                    return report(
                        error, invocation.type, invocation.context.path, globals: globals,
                        json: invocation.context.globals.json)
                }
            }
        }
    }

    // MARK: - Preparation

    struct Invocation {
        let command: any Command
        let type: any Command.Type
        let context: CommandContext
    }

    enum Plan {
        case finished(ExitCode)
        case execute(Invocation)
    }

    static func prepare(root: any Command.Type, version: String, arguments: [String], globals: [GlobalOption],
                        networkResolver: NetworkResolver? = nil) -> Plan
    {
        let extraction: GlobalExtraction
        do {
            extraction = try GlobalOptionParser.extract(from: arguments, declared: globals)
        } catch {
            return .finished(usageFailure(error.message, root, [root.name], json: false))
        }
        var args = Arguments(extraction.remaining, globals: extraction.options)
        var command = root
        var path = [root.name]
        var helpMode = extraction.helpRequested
        while !command.subcommands.isEmpty, let word = args.peek {
            if ArgumentToken.isOption(word) {
                return .finished(usageFailure(
                    "unknown option '\(ArgumentToken.split(word).name)'", command, path, json: extraction.options.json))
            }
            _ = args.popSubcommand()
            if let sub = command.subcommands.first(where: { $0.name == word }) {
                command = sub
                path.append(word)
            } else if word == "help" && !helpMode {
                helpMode = true
            } else {
                return .finished(usageFailure("unknown subcommand '\(word)'", command, path, json: extraction.options.json))
            }
        }
        if helpMode {
            Output.sinks.standardOutput.write(HelpFormatter.help(for: command, path: path, globals: globals))
            return .finished(.success)
        }
        if extraction.versionRequested {
            Output.result(version)
            return .finished(.success)
        }
        do {
            args.declare(command.options)
            let instance = try command.init(parsing: &args)
            try args.finish()
            var options = extraction.options
            if let networkResolver { options.useNetwork(try networkResolver(options, path)) }
            let context = CommandContext(globals: options, path: path, version: version)
            return .execute(Invocation(command: instance, type: command, context: context))
        } catch {
            return .finished(report(error, command, path, globals: globals, json: extraction.options.json))
        }
    }

    // MARK: - Reporting

    /// Prints what `error` calls for and returns the exit code (see the type's discussion). With `--json` a failure
    /// also prints its error object as the last line on stdout, unless the command's own report carried it.
    static func report(
        _ error: any Error, _ command: any Command.Type, _ path: [String], globals: [GlobalOption], json: Bool
    ) -> ExitCode {
        switch error {
        case let error as UsageError:
            return usageFailure(error.message, command, path, json: json)
        case let error as CommandError where error.exitCode == .usage && error.code == ExitCode.usage.name:
            return usageFailure(error.message, command, path, json: json)
        case let error as CommandError:
            Output.message("error: " + oneLine(error.message))
            if json, !error.isInJSONReport { printJSON(error) }
            return error.exitCode
        case let code as ExitCode:
            return code
        case CleanExit.helpRequest:
            Output.sinks.standardOutput.write(HelpFormatter.help(for: command, path: path, globals: globals))
            return .success
        case CleanExit.message(let text):
            Output.result(text)
            return .success
        default:
            let error = CommandError(.failure, sentence(for: error))
            Output.message("error: " + oneLine(error.message))
            if json { printJSON(error) }
            return .failure
        }
    }

    static func usageFailure(_ message: String, _ command: any Command.Type, _ path: [String], json: Bool) -> ExitCode {
        let message = UntrustedText.escaped(message, newlines: .keep)
        Output.message("error: " + oneLine(message))
        Output.message("Usage: " + HelpFormatter.usageLine(for: command, path: path))
        Output.message("See '\(path.joined(separator: " ")) --help'.")
        if json { printJSON(CommandError(.usage, oneLine(message))) }
        return .usage
    }

    /// `{"error":{"code","exit","message"}}` and a newline on stdout.
    static func printJSON(_ error: CommandError) {
        let object = JSONError(code: error.code, exit: error.exitCode.rawValue, message: oneLine(error.message))
        if let bytes = try? CanonicalJSON.encode(object.result) { Output.sinks.standardOutput.write(bytes + [0x0A]) }
    }

    /// What an error that is not a ``CommandError`` says: its description, or, for a type without one (whose
    /// `String(describing:)` would be Swift enum text), a sentence naming the type.
    static func sentence(for error: any Error) -> String {
        if let described = error as? any CustomStringConvertible { return described.description }
        return "an unexpected \(type(of: error)) error occurred; this is a bug, please report it"
    }

    /// `text` with line breaks replaced by spaces, so an error is always exactly one line.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
