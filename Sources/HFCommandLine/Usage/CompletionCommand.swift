/// `TOOL completion bash|zsh|fish`: prints the completion script of `Root`'s tree (``CompletionScript``).
///
/// Listed in a root's subcommands as `CompletionCommand<RootCommand>.self`.
public struct CompletionCommand<Root: Command>: Command {
    public static var name: String { "completion" }
    public static var abstract: String { "Print a shell completion script: bash, zsh or fish." }
    public static var discussion: String? {
        """
        Generated from the commands' declarations. Install for bash: `\(Root.name) completion bash > \
        ~/.local/share/bash-completion/completions/\(Root.name)`; zsh: `\(Root.name) completion zsh > \
        "${fpath[1]}/_\(Root.name)"`; fish: `\(Root.name) completion fish > \
        ~/.config/fish/completions/\(Root.name).fish`.
        """
    }
    public static var arguments: [ArgumentHelp] { [ArgumentHelp("shell", help: "bash, zsh or fish.")] }

    let shell: CompletionScript.Shell

    public init(parsing arguments: inout Arguments) throws {
        let name = try arguments.positional("shell")
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError("unknown shell '\(name)'; use bash, zsh or fish")
        }
        self.shell = shell
    }

    public func run(_ context: CommandContext) throws -> ExitCode {
        Output.resultBytes(Array(CompletionScript.script(for: Root.self, shell: shell, globals: GlobalOption.standard).utf8))
        return .success
    }
}
