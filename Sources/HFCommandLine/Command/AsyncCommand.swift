/// A command whose work is asynchronous (the watcher's network commands). Run the tool with
/// ``CommandRunner/mainAsync(root:version:arguments:globals:)`` when any command is an `AsyncCommand`.
public protocol AsyncCommand: Command {
    /// Does the work; see ``Command/run(_:)``.
    func run(_ context: CommandContext) async throws -> ExitCode
}

extension AsyncCommand {
    /// Fails: an asynchronous command was started by the synchronous runner (a programming error in the tool).
    public func run(_ context: CommandContext) throws -> ExitCode {
        throw CommandError(.software, "'\(context.commandPath)' needs the asynchronous runner (CommandRunner.mainAsync)")
    }
}
