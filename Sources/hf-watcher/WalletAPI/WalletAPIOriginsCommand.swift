import HFCommandLine
import HFWatcherCore

/// `hf-watcher wallet-api allow ORIGIN | disallow ORIGIN | allowed`: the web origins that may call the wallet API.
struct WalletAPIAllow: Command {
    static let name = "allow"
    static let abstract = "Allow a web origin (scheme://host[:port]) to call the wallet API."
    static let discussion: String? = """
        A request carrying an Origin header (every web page's cross-origin request does) is refused with 403 \
        unless its origin is allowed here. Applications that are not web pages send no Origin and need nothing. \
        Takes effect when `wallet-api serve` starts. Prints the allowed origins afterwards.
        """
    static let arguments = [ArgumentHelp("origin", help: "The origin, e.g. https://app.example.")]
    let origin: String
    init(parsing arguments: inout Arguments) throws { origin = try arguments.positional("origin") }
    func run(_ context: CommandContext) throws -> ExitCode {
        try WalletAPIOriginsChange.run(origin, allow: true, context: context)
    }
}

/// `hf-watcher wallet-api disallow ORIGIN`.
struct WalletAPIDisallow: Command {
    static let name = "disallow"
    static let abstract = "Remove a web origin from those allowed to call the wallet API."
    static let arguments = [ArgumentHelp("origin", help: "The origin, as allowed.")]
    let origin: String
    init(parsing arguments: inout Arguments) throws { origin = try arguments.positional("origin") }
    func run(_ context: CommandContext) throws -> ExitCode {
        try WalletAPIOriginsChange.run(origin, allow: false, context: context)
    }
}

/// `hf-watcher wallet-api allowed [--json]`.
struct WalletAPIAllowed: Command {
    static let name = "allowed"
    static let abstract = "List the web origins allowed to call the wallet API."
    static let discussion: String? = "One origin a line; with --json an array of strings."
    init(parsing arguments: inout Arguments) throws {}
    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome(locking: false)
        let origins = try watcherOperation { () throws(WatcherError) in
            try WalletAPIOrigins.allowed(home: home, network: context.network).sorted()
        }
        WalletAPIOriginsChange.print(origins, context: context)
        return .success
    }
}

/// The shared steps of `allow` and `disallow`.
enum WalletAPIOriginsChange {
    static func run(_ origin: String, allow: Bool, context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        let origins = try watcherOperation { () throws(WatcherError) in
            try WalletAPIOrigins.change(origin, allow: allow, home: home, network: context.network)
        }
        print(origins, context: context)
        return .success
    }

    static func print(_ origins: [String], context: CommandContext) {
        if context.globals.json {
            try? Output.json(origins)
        } else if origins.isEmpty {
            Output.message("no web origin is allowed: requests carrying an Origin header are refused")
        } else {
            for origin in origins { Output.result(origin) }
        }
    }
}
