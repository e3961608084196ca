import Foundation
import HFBundles
import HFCommandLine
import HFNetwork
import HFProtocols
import HFWatcherCore

struct WatcherAuthDeliver: AsyncCommand {
    static let name = "deliver"
    static let abstract = "POST a .hfauth answer to the callback it names."
    static let discussion: String? = """
        The bundle is decoded strictly and its identity-key signature checked before anything is sent; the \
        callback is https (plain http only on loopback). A service that refuses the answer (4xx) exits 65 with its \
        message; one that cannot be reached or fails exits 75. With --json: {"callback","domain","identityKey",\
        "status"}.
        """
    static let arguments = [ArgumentHelp("file", help: "The .hfauth file.")]

    let file: String

    init(parsing arguments: inout Arguments) throws {
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let home = try context.openWatcherHome()
        let config = try context.watcherConfig(home)
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError(.noInput, "cannot read '\(file)'")
        }
        let network = context.network
        let (bundle, accepted) = try await watcherOperation { () async throws(WatcherError) in
            let client = AuthCallbackClient(
                transport: HTTPTransport(
                    configuration: TransportConfiguration(
                        timeout: .seconds(config.networkTimeout),
                        retry: RetryPolicy(maxAttempts: config.networkAttempts))))
            return try await WatcherAuth.deliver([UInt8](data), network: network, client: client)
        }
        if context.globals.json {
            try Output.json(
                Summary(
                    callback: bundle.request.callback, domain: bundle.request.domain,
                    identityKey: bundle.identityKeyHex, status: accepted.status))
        } else {
            Output.result(
                "\(UntrustedText.escaped(bundle.request.domain)) accepted the login (HTTP \(accepted.status)): "
                    + UntrustedText.escaped(accepted.message))
        }
        return .success
    }

    struct Summary: Encodable {
        let callback: String
        let domain: String
        let identityKey: String
        let status: Int
    }
}
