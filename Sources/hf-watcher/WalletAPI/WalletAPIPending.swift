import HFBundles
import HFCommandLine
import HFWatcherCore

/// `hf-watcher wallet-api pending [--json]`: the calls waiting for the signer.
struct WalletAPIPending: Command {
    static let name = "pending"
    static let abstract = "List the BRC-100 calls waiting for the signer's answer."
    static let discussion: String? = """
        One tab-separated line per waiting call, oldest first: call ID, method, originator, file. Carry the file to \
        the signer (or show it as QR with `qr show`), run `hf-signer call answer` there, and bring the .hfanswer \
        back with `wallet-api deliver`. With --json: [{"callId","method","originator","file"}], file an absolute path.
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openWatcherHome(locking: false)
        let pending = WalletCallOutbox(homePath: home.path).pending(network: context.network)
        let entries = pending.map {
            Entry(callId: $0.call.callIDHex, method: $0.call.method.rawValue, originator: $0.call.originator, file: $0.file)
        }
        if context.globals.json {
            try Output.json(entries)
        } else {
            for entry in entries {
                Output.result([entry.callId, entry.method, UntrustedText.escaped(entry.originator), entry.file].joined(separator: "\t"))
            }
            if entries.isEmpty { Output.message("no call is waiting") }
        }
        return .success
    }

    struct Entry: Encodable {
        let callId: String
        let method: String
        let originator: String
        let file: String
    }
}
