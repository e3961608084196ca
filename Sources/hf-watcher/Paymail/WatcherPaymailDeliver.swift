import HFCommandLine
import HFWatcherCore

struct WatcherPaymailDeliver: AsyncCommand {
    static let name = "deliver"
    static let abstract = "Deliver the signer's .hftx that pays a .hfpayreq: to the paymail host, else through ARC."
    static let discussion: String? = """
        Checks that the transaction pays every output of the request, then POSTs it with the request's reference to \
        the host's P2P receive-transaction capability (5f1323cddf31; the host broadcasts it). A host without that \
        capability gets nothing: the transaction goes through ARC as with `broadcast`. With --json: \
        {"paymail","txid","via"} (via: paymail or arc).
        """
    static let arguments = [
        ArgumentHelp("request", help: "The .hfpayreq that was paid."), ArgumentHelp("file", help: "The signed .hftx."),
    ]

    let request: String
    let file: String

    init(parsing arguments: inout Arguments) throws {
        request = try arguments.positional("request")
        file = try arguments.positional("file")
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let home = try context.openWatcherHome()
        let network = context.network
        let (requestFile, transactionFile) = (request, file)
        let delivery = try await watcherOperation { () async throws(WatcherError) in
            try await WatcherSession.deliverPayment(
                requestFile: requestFile, transactionFile: transactionFile, home: home, network: network)
        }
        if context.globals.json {
            try Output.json(delivery)
        } else {
            Output.result("\(delivery.txid): delivered to \(delivery.paymail) via \(delivery.via)")
        }
        return .success
    }
}
