import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher init`.
struct WatcherInit: Command {
    static let name = "init"
    static let abstract = "Create the watcher's home (0700), database and header store of --network."
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let (path, tip) = try watcherOperation { () throws(WatcherError) in
            let home = try WatcherHome.create(explicit: context.globals.home)
            do throws(WatcherError) {
                let tip = try home.validatedTipHeight(network: context.network)
                try home.recordNetwork(context.network)
                return (home.path, tip)
            } catch {
                home.discardIfNew()  // A failed first init leaves nothing behind.
                throw error
            }
        }
        if context.globals.json {
            try Output.json(["home": path, "network": context.network.rawValue])
        } else {
            Output.result("watcher home \(path) ready; \(context.network.rawValue) headers validated to \(tip)")
        }
        return .success
    }
}
