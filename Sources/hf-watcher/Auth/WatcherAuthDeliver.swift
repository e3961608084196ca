import Foundation
import HFCommandLine
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
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandError(.noInput, "cannot read '\(file)'")
        }
        let network = context.network
        let delivery = try await watcherOperation { () async throws(WatcherError) in
            try await WatcherSession.deliverAuth([UInt8](data), source: file, home: home, network: network)
        }
        if context.globals.json {
            try Output.json(
                Summary(
                    callback: delivery.callback, domain: delivery.domain, identityKey: delivery.identityKey,
                    status: delivery.status))
        } else {
            Output.result(
                "\(UntrustedText.escaped(delivery.domain)) accepted the login (HTTP \(delivery.status)): "
                    + UntrustedText.escaped(delivery.message))
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
