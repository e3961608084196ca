import Foundation
import HFBundles
import HFCommandLine
import HFPrimitives
import HFSPV
import HFWatcherCore

/// `hf-watcher init`.
struct WatcherInit: Command {
    static let name = "init"
    static let abstract = "Create the watcher's home (0700), database and header store of --network."
    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let (path, tip) = try watcherOperation { () throws(WatcherError) in
            let home = try WatcherHome.create(explicit: context.globals.home)
            return (home.path, try home.headerChain(network: context.network).validatedTipHeight)
        }
        if context.globals.json {
            try Output.json(["home": path, "network": context.network.rawValue])
        } else {
            Output.result("watcher home \(path) ready; \(context.network.rawValue) headers validated to \(tip)")
        }
        return .success
    }
}

/// `hf-watcher config set|show`.
struct WatcherConfigCommand: CommandGroup {
    static let name = "config"
    static let abstract = "Set and show provider URLs, API key files and the poll interval."
    static let discussion: String? = """
        Keys: woc.url (base including /v1/bsv/<net>), woc.key-file, junglebus.url (base including /v1), arc.url, \
        arc.key-file, arc.failover.url, arc.failover.key-file, ordinals.url, poll.seconds, net.attempts (1-10, default 6), net.timeout (seconds), paymail.host-override (a URL asked \
        for every domain's /.well-known/bsvalias instead of https://<domain>; set by `config set devnet`). Key files hold API keys and \
        must be mode 0600; keys are never printed or logged. `config set devnet URL` points every service at an \
        hf-devnet. Defaults are the public mainnet or testnet services.
        """
    static let subcommands: [any Command.Type] = [WatcherConfigSet.self, WatcherConfigShow.self]
}

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

/// `hf-watcher import FILE… [--trust-identity HEX]`.
struct WatcherImport: Command {
    static let name = "import"
    static let abstract = "Import signed address packs and sweep requests from the signer."
    static let discussion: String? = """
        The signature must verify, and the identity key must be the one trusted for the wallet: the first pack of a \
        wallet needs --trust-identity with the key `hf-signer wallet show` prints; later packs must match it. A \
        .hfsweep (from `hf-signer sweep add` or `scan` of a private key) is accepted only for a wallet already \
        trusted and signed by its identity key; its addresses are then watched like the wallet's own, so `sync` \
        and `export receipts` cover payments to them. With --json one line per file: \
        {"accepted","addresses","kind","walletId"} (kind "hfaddrpack" or "hfsweep").
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfaddrpack and .hfsweep files.", repeating: true)]
    static let options = [OptionHelp("--trust-identity", value: "hex", help: "Trust this identity key for a new wallet.")]

    let files: [String]
    let trust: String?

    init(parsing arguments: inout Arguments) throws {
        trust = try arguments.option("--trust-identity")
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome()
        for file in files {
            let outcome = try watcherOperation { () throws(WatcherError) in
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw .rejected(reason: "cannot read '\(file)'")
                }
                let bytes = [UInt8](data)
                if (try? BundleKind.detect(bytes)) == .sweepRequest {
                    let request: SweepRequestBundle
                    do { request = try SweepRequestBundle(decoding: bytes, expectedNetwork: context.network) } catch {
                        throw .rejected(reason: "\(file): \(error)")
                    }
                    return try SweepRequestImporter.importRequest(request, home: home)
                }
                let pack: AddressPackBundle
                do { pack = try AddressPackBundle(decoding: bytes, expectedNetwork: context.network) } catch {
                    throw .rejected(reason: "\(file): \(error)")
                }
                return try AddressPackImporter.importPack(pack, trustIdentity: trust, home: home)
            }
            if context.globals.json {
                try Output.json(Accepted(kind: outcome.kind, accepted: true, walletId: outcome.walletId, addresses: outcome.addresses))
            } else {
                Output.result("\(file): watching \(outcome.addresses) addresses of wallet \(outcome.walletId.prefix(16)) (\(outcome.added) new)")
            }
        }
        return .success
    }

    struct Accepted: Encodable {
        let kind: String
        let accepted: Bool
        let walletId: String
        let addresses: Int
    }
}
