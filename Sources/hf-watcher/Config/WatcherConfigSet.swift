import HFCommandLine
import HFWatcherCore

struct WatcherConfigSet: Command {
    static let name = "set"
    static let abstract = "Set a configuration key (or `devnet URL`)."
    static let arguments = [ArgumentHelp("key", help: "The key."), ArgumentHelp("value", help: "The value (empty to unset).")]

    let key: String
    let value: String

    init(parsing arguments: inout Arguments) throws {
        key = try arguments.positional("key")
        value = try arguments.positional("value")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        try watcherOperation { () throws(WatcherError) in try home.setConfig(key, value) }
        Output.message("set \(key)")
        return .success
    }
}
