import Foundation
import HFBundles
import HFCommandLine
import HFWatcherCore

/// `hf-watcher broadcast FILE.hftx…`.
struct WatcherBroadcastCommand: AsyncCommand {
    static let name = "broadcast"
    static let abstract = "Broadcast the signer's .hftx files through ARC (GorillaPool, then the failover)."
    static let discussion: String? = """
        Sends the extended format (EF) built from the bundle's inputs, after checking the txid and that a fee is \
        paid. A transaction ARC already knows counts as success. A rejection exits 65 with ARC's reason; when \
        every broadcaster fails the exit is 75 and the file is kept to try again. With --json one \
        {"status","txid","via"} per file (an array when several).
        """
    static let arguments = [ArgumentHelp("file", help: "The .hftx files.", repeating: true)]

    let files: [String]

    init(parsing arguments: inout Arguments) throws {
        files = try arguments.remainingPositionals("file", atLeast: 1)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let home = try context.openWatcherHome()
        let services = try context.watcherServices(home)
        var results: [WatcherBroadcast.Result] = []
        for file in files {
            let result = try await watcherOperation { () async throws(WatcherError) in
                guard let data = FileManager.default.contents(atPath: file) else { throw .rejected(reason: "cannot read '\(file)'") }
                let bundle: TransactionBundle
                do { bundle = try TransactionBundle(decoding: [UInt8](data), expectedNetwork: context.network) } catch {
                    throw .rejected(reason: "\(file): \(error)")
                }
                return try await WatcherBroadcast.broadcast(bundle, services: services)
            }
            results.append(result)
            if !context.globals.json { Output.result("\(result.txid): \(result.status) via \(result.via)") }
        }
        if context.globals.json {
            if results.count == 1 { try Output.json(results[0]) } else { try Output.json(results) }
        }
        return .success
    }
}
