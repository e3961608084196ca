import HFSystem

extension CommandRunner {
    /// Runs `root` as a tool with the process's arguments and exits with the resulting code.
    /// - Parameters:
    ///   - root: the root command; its ``Command/name`` is the tool name shown in help and messages.
    ///   - version: printed by `--version`.
    ///   - arguments: the full argv, program name first.
    ///   - globals: the global options this tool accepts anywhere on the line.
    ///   - networkResolver: chooses the network each command runs on (the home's network), if the tool has one.
    public static func main(root: any Command.Type, version: String, arguments: [String] = CommandLine.arguments,
                            globals: [GlobalOption] = GlobalOption.standard,
                            networkResolver: NetworkResolver? = nil) -> Never {
        let code = run(root: root, version: version, arguments: Array(arguments.dropFirst()), globals: globals,
                       networkResolver: networkResolver)
        ExitStatus(rawValue: code.rawValue).exitProcess()
    }

    /// Like ``main(root:version:arguments:globals:)``, awaiting ``AsyncCommand``s.
    public static func mainAsync(root: any Command.Type, version: String,
                                 arguments: [String] = CommandLine.arguments,
                                 globals: [GlobalOption] = GlobalOption.standard,
                                 networkResolver: NetworkResolver? = nil) async -> Never {
        let code = await runAsync(
            root: root, version: version, arguments: Array(arguments.dropFirst()), globals: globals,
            networkResolver: networkResolver)
        ExitStatus(rawValue: code.rawValue).exitProcess()
    }
}
