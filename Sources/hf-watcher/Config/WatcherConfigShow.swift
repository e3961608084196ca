import HFCommandLine
import HFWatcherCore

struct WatcherConfigShow: Command {
    static let name = "show"
    static let abstract = "Show the configuration in force for --network (key files by path, never their content)."
    static let discussion: String? = """
        With --json: one object of key → value; poll.seconds, net.attempts and net.timeout are numbers, the others \
        strings.
        """
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let config = try watcherOperation { () throws(WatcherError) in try home.config(network: context.network) }
        let shown = config.values.filter { !$0.value.isEmpty }
        if context.globals.json {
            try Output.json(Report(values: shown))
        } else {
            for key in shown.keys.sorted() { Output.result("\(key) = \(shown[key] ?? "")") }
        }
        return .success
    }

    /// `--json`: the values by key, the whole-number keys (`WatcherConfig.numericKeys`) as JSON numbers.
    struct Report: Encodable {
        let values: [String: String]

        struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in values {
                if WatcherConfig.numericKeys.contains(key), let number = Int(value) {
                    try container.encode(number, forKey: Key(stringValue: key))
                } else {
                    try container.encode(value, forKey: Key(stringValue: key))
                }
            }
        }
    }
}
