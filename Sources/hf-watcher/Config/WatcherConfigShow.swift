import HFCommandLine
import HFWatcherCore

struct WatcherConfigShow: Command {
    static let name = "show"
    static let abstract = "Show the configuration in force for --network (key files by path, never their content)."
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let config = try watcherOperation { () throws(WatcherError) in try home.config(network: context.network) }
        let shown = config.values.filter { !$0.value.isEmpty }
        if context.globals.json {
            try Output.json(shown)
        } else {
            for key in shown.keys.sorted() { Output.result("\(key) = \(shown[key] ?? "")") }
        }
        return .success
    }
}
