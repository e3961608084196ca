import HFBundles
import HFCommandLine
import HFHTTPServer
import HFWatcherCore

/// `hf-watcher wallet-api serve [--port 3321] [--bind 127.0.0.1] [--wallet ID]`.
struct WalletAPIServe: Command {
    static let name = "serve"
    static let abstract = "Answer BRC-100 calls on 127.0.0.1 until interrupted."
    static let discussion: String? = """
        Serves the BRC-100 HTTP JSON substrate (POST /<method> with the arguments as a JSON body, the shape of the \
        SDKs' HTTPWalletJSON) for one watched wallet (--wallet, else the only one), on 127.0.0.1 only. Requests \
        must name their caller (the host of a browser's Origin, else an Originator header) and a loopback Host. The watcher answers alone \
        getNetwork, getVersion, getHeight, getHeaderForHeight, isAuthenticated, waitForAuthentication, getPublicKey \
        with identityKey true, listOutputs and listActions; every call that needs a key is written to \
        <home>/outbox/<callId>.hfcall (see `wallet-api pending`) and the request waits for the signer's answer \
        (`wallet-api deliver`) up to wallet-api.timeout seconds (default 900). Prints the base URL on stdout, \
        each call on stderr, and stops on SIGINT or SIGTERM. Web origins allowed with `wallet-api allow` get CORS \
        answers (preflights, Access-Control-Allow-Origin); any other origin is refused 403. Refusals are \
        {"code","description","isError":true,"message","name","status":"error"}.
        """
    static let options = [Option.port, Option.bind, Option.wallet]
    /// The options, declared once for help and parsing.
    enum Option {
        static let port = OptionHelp("--port", value: "port", help: "The port (default 3321; 0 picks a free one).")
        static let bind = OptionHelp(
            "--bind", value: "address", help: "Only 127.0.0.1, localhost or ::1: the wallet never listens beyond this machine.")
        static let wallet = OptionHelp("--wallet", value: "id", help: "The watched wallet served (a prefix of its ID).")
    }

    /// The port BRC-100 clients try by default.
    static let defaultPort: UInt16 = 3321

    let port: UInt16
    let wallet: String?

    init(parsing arguments: inout Arguments) throws {
        if let text = try arguments.option(Option.port) {
            guard let value = UInt16(text) else { throw UsageError("--port must be 0 to 65535, not '\(text)'") }
            port = value
        } else {
            port = Self.defaultPort
        }
        if let bind = try arguments.option(Option.bind), !["127.0.0.1", "localhost", "::1", "[::1]"].contains(bind) {
            throw UsageError(
                "--bind \(bind) refused: the wallet API listens on 127.0.0.1 only, so no other machine can call the "
                    + "wallet; use an application on this machine (or an SSH tunnel you set up yourself)")
        }
        wallet = try arguments.option(Option.wallet)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        try TerminationSignal.install()
        let home = try context.openWatcherHome(locking: false)
        let config = try context.watcherConfig(home)
        let api = try watcherOperation { () throws(WatcherError) in
            try WalletAPI(
                homePath: home.path, network: context.network, walletPrefix: wallet,
                timeout: config.walletAPITimeout, version: ToolkitVersion.current)
        }
        let serving = try watcherOperation { () throws(WatcherError) in try api.holdServing() }
        defer { serving.release() }
        api.withdrawStaleCalls()
        var configuration = HTTPServer.Configuration(port: port)
        configuration.maxBodyBytes = WalletAPIRequest.maxBodyBytes
        let handler: HTTPHandler = { request in
            HTTPResponse(
                api.respond(to: WalletAPIRequest(request)) { line in
                    let time = (try? RFC3339Timestamp.now().text) ?? "-"
                    Output.message(time + " " + line)
                })
        }
        let refusal: HTTPRefusalHandler = { refusal in
            HTTPResponse(
                api.serverRefusal(
                    status: refusal.status, message: refusal.message, origin: refusal.requestHeaders["origin"]))
        }
        let server = HTTPServer(configuration: configuration, refusal: refusal, handler: handler)
        let bound: UInt16
        do { bound = try server.start() } catch {
            throw CommandError(.cannotCreate, "cannot listen on 127.0.0.1:\(port): \(error.description)")
        }
        // The same API on [::1] at the same port: SDK clients call http://localhost:3321, which many systems
        // resolve to ::1 first; another process must not be the one listening there.
        configuration.port = bound
        configuration.ipv6Loopback = true
        let server6 = HTTPServer(configuration: configuration, refusal: refusal, handler: handler)
        do { try server6.start() } catch where error.isAddressUnavailable {
            // No IPv6 (or no ::1) on this machine: nothing can listen on ::1 either, and localhost is 127.0.0.1.
            Output.message("hf-watcher: no IPv6 loopback here; serving on 127.0.0.1 only")
        } catch {
            server.stop()
            throw CommandError(
                .cannotCreate,
                "cannot listen on [::1]:\(bound) (\(error.description)): another program may be listening there, and "
                    + "clients of http://localhost:\(bound) would reach it instead of the wallet; stop it or use --port")
        }
        defer { server6.stop() }
        Output.result("http://127.0.0.1:\(bound)")
        Output.message(
            "hf-watcher: wallet API of wallet \(api.wallet.walletID.prefix(16)) at http://127.0.0.1:\(bound) and "
                + "http://[::1]:\(bound); calls "
                + "that need a key wait in \(api.outbox.directory); stop with Ctrl-C")
        let signal = TerminationSignal.wait()
        api.stop()
        server.stop()
        Output.message("hf-watcher: wallet API stopped (\(signal))")
        return .success
    }
}

extension WalletAPIRequest {
    /// The wallet-API view of an HTTP request.
    init(_ request: HTTPRequest) {
        let client = request.client
        let connected: (@Sendable () -> Bool)? = client.map { client in { @Sendable in client.isConnected } }
        self.init(
            httpMethod: request.method, path: request.path, host: request.headers["host"],
            origin: request.headers["origin"], originator: request.headers["originator"], body: request.body,
            contentType: request.headers["content-type"], clientConnected: connected,
            accessControlRequestMethod: request.headers["access-control-request-method"],
            accessControlRequestPrivateNetwork: request.headers["access-control-request-private-network"]?.lowercased() == "true")
    }
}

extension HTTPResponse {
    /// The HTTP response carrying a wallet-API reply: its status, its header fields, and its JSON body (none for a
    /// 204 preflight answer).
    init(_ reply: WalletAPIReply) {
        var headers = HTTPHeaders()
        if !reply.body.isEmpty { headers.add(name: "Content-Type", value: "application/json; charset=utf-8") }
        for field in reply.headers { headers.add(name: field.name, value: field.value) }
        self.init(status: reply.status, headers: headers, body: reply.body)
    }
}
