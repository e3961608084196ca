import HFCommandLine

/// A small command tree used by the runner tests.
struct DemoTool: CommandGroup {
    static let name = "hf-demo"
    static let abstract = "A demo tool for the command-line kit."
    static let discussion: String? = "Exercises every part of the runner."
    static let subcommands: [any Command.Type] = [Keys.self, ImportFiles.self, Show.self, Fail.self, Wait.self]
}

/// `hf-demo keys …`: a parent with two leaves.
struct Keys: CommandGroup {
    static let name = "keys"
    static let abstract = "Manage keys."
    static let subcommands: [any Command.Type] = [GenerateMnemonic.self, Derive.self]
}

/// `hf-demo keys generate-mnemonic [--out FILE] [--words N]`.
struct GenerateMnemonic: Command {
    static let name = "generate-mnemonic"
    static let abstract = "Generate a new mnemonic."
    static let options = [
        Option.out,
        Option.words,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "Write the phrase to FILE (mode 0600).")
        static let words = OptionHelp("--words", value: "n", help: "Number of words (default 12).")
    }

    let out: String?
    let words: Int

    init(parsing arguments: inout Arguments) throws {
        out = try arguments.option(Option.out)
        let text = try arguments.option(Option.words) ?? "12"
        guard let words = Int(text), [12, 24].contains(words) else {
            throw UsageError("--words must be 12 or 24, not '\(text)'")
        }
        self.words = words
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let phrase = Array(repeating: "abandon", count: words).joined(separator: " ")
        if let out {
            try OutputFile.createNew(out, text: phrase + "\n")
            Output.message("wrote \(out)")
        } else if context.globals.json {
            try Output.json(["phrase": phrase, "network": context.globals.network.rawValue])
        } else {
            Output.result(phrase)
        }
        return .success
    }
}

/// `hf-demo keys derive <path>`.
struct Derive: Command {
    static let name = "derive"
    static let abstract = "Derive a key at a path."
    static let arguments = [ArgumentHelp("path", help: "The derivation path, such as m/44'/236'/0'.")]
    let path: String
    init(parsing arguments: inout Arguments) throws { path = try arguments.positional("path") }
    func run(_ context: CommandContext) throws -> ExitCode {
        Output.result("derived \(path)")
        return .success
    }
}

/// `hf-demo import FILE…`.
struct ImportFiles: Command {
    static let name = "import"
    static let abstract = "Import bundle files."
    static let options = [Option.dryRun]
    /// The options, declared once for help and parsing.
    enum Option {
        static let dryRun = OptionHelp(flag: "--dry-run", help: "Check without storing.")
    }
    static let arguments = [ArgumentHelp("file", help: "The files to import.", repeating: true)]
    let dryRun: Bool
    let files: [String]
    init(parsing arguments: inout Arguments) throws {
        dryRun = try arguments.flag(Option.dryRun)
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }
    func run(_ context: CommandContext) throws -> ExitCode {
        let home = context.globals.home ?? "-"
        Output.result("\(dryRun ? "checked" : "imported") \(files.joined(separator: ",")) home=\(home) "
            + "network=\(context.globals.network.rawValue) json=\(context.globals.json)")
        return .success
    }
}

/// `hf-demo show <label> [<index>]`: reports its context as JSON.
struct Show: Command {
    static let name = "show"
    static let abstract = "Show a label."
    static let arguments = [
        ArgumentHelp("label", help: "The label."), ArgumentHelp("index", help: "An index.", optional: true),
    ]
    let label: String
    let index: String?
    init(parsing arguments: inout Arguments) throws {
        label = try arguments.positional("label")
        index = arguments.optionalPositional("index")
    }
    func run(_ context: CommandContext) throws -> ExitCode {
        struct Shown: Encodable {
            let label: String
            let index: String?
            let path: String
            let passphraseFile: String?
        }
        try Output.json(Shown(label: label, index: index, path: context.commandPath,
                              passphraseFile: context.globals.passphraseFile))
        return .success
    }
}

/// A plain error that is neither a `CommandError` nor a `UsageError`.
struct PlainError: Error, CustomStringConvertible {
    var description: String { "something broke" }
}

/// `hf-demo fail --code N | --plain | --silent N | --usage`: fails in the ways the runner must map.
struct Fail: Command {
    static let name = "fail"
    static let abstract = "Fail on purpose."
    static let options = [Option.code, Option.silent, Option.plain, Option.usage, Option.cause]
    /// The options, declared once for help and parsing.
    enum Option {
        static let code = OptionHelp("--code", value: "n", help: "Fail with a message and exit status N.")
        static let silent = OptionHelp("--silent", value: "n", help: "Fail silently with exit status N.")
        static let plain = OptionHelp(flag: "--plain", help: "Throw an error of no known kind.")
        static let usage = OptionHelp(flag: "--usage", help: "Fail with a usage error.")
        static let cause = OptionHelp(flag: "--cause", help: "Fail with exit 64 for a named cause, not the syntax.")
    }
    let code: Int32?
    let silent: Int32?
    let plain: Bool
    let usage: Bool
    let cause: Bool
    init(parsing arguments: inout Arguments) throws {
        code = try arguments.option(Option.code).flatMap { Int32($0) }
        silent = try arguments.option(Option.silent).flatMap { Int32($0) }
        plain = try arguments.flag(Option.plain)
        usage = try arguments.flag(Option.usage)
        cause = try arguments.flag(Option.cause)
    }
    func run(_ context: CommandContext) throws -> ExitCode {
        if let code { throw CommandError(ExitCode(code), "failed as asked\nwith a second line") }
        if let silent { throw ExitCode(silent) }
        if plain { throw PlainError() }
        if usage { throw CommandError.usage("bad combination") }
        if cause { throw CommandError(.usage, "this home holds nothing for --network main", code: "networkNotHeld") }
        return ExitCode(3)
    }
}

/// `hf-demo wait`: an asynchronous command.
struct Wait: AsyncCommand {
    static let name = "wait"
    static let abstract = "Wait asynchronously."
    init(parsing arguments: inout Arguments) throws {}
    func run(_ context: CommandContext) async throws -> ExitCode {
        await Task.yield()
        Output.result("waited")
        return .success
    }
}

/// The outcome of one in-process run of the demo tool.
struct RunResult {
    let code: ExitCode
    let stdout: String
    let stderr: String
}

/// Runs the demo tool in process, capturing both streams.
func runDemo(_ arguments: [String], globals: [GlobalOption] = GlobalOption.standard) -> RunResult {
    let out = CapturedOutput()
    let err = CapturedOutput()
    let code = CommandRunner.run(
        root: DemoTool.self, version: "hf-demo 1.2.3", arguments: arguments, globals: globals,
        output: Output.Sinks(standardOutput: out.sink, standardError: err.sink))
    return RunResult(code: code, stdout: out.text, stderr: err.text)
}

/// Runs the demo tool in process through the asynchronous runner.
func runDemoAsync(_ arguments: [String]) async -> RunResult {
    let out = CapturedOutput()
    let err = CapturedOutput()
    let code = await CommandRunner.runAsync(
        root: DemoTool.self, version: "hf-demo 1.2.3", arguments: arguments,
        output: Output.Sinks(standardOutput: out.sink, standardError: err.sink))
    return RunResult(code: code, stdout: out.text, stderr: err.text)
}
