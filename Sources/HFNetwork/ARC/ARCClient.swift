public import Foundation
public import HFPrimitives

/// A client of an ARC broadcaster (docs/reference/provider-apis.md §3): GorillaPool (no key) or TAAL (`Authorization: Bearer`), or an
/// `hf-devnet` imitating one.
///
/// The base URL is the host without `/v1` (`https://arc.gorillapool.io`); the client appends `/v1/...`. `name`
/// identifies the instance in messages and as a broadcast's `via`.
public struct ARCClient: Sendable {
    /// The instance's short name, e.g. `gorillapool` or `taal`.
    public let name: String

    /// Base URL and headers.
    let endpoint: ServiceEndpoint
    /// The HTTP core.
    let transport: HTTPTransport

    /// The error codes whose error objects are verdicts about the transaction. 409 is not one: ARC maps its
    /// unclassified internal errors to 409, so another instance may well accept the transaction.
    static let rejectionStatuses: Set<Int> = Set([400]).union(460...475)

    // MARK: - Initializers

    /// A client of the ARC at `baseURL`.
    /// - Parameters:
    ///   - name: the instance's short name (for messages and `via`).
    ///   - baseURL: the host, without `/v1`.
    ///   - apiKey: sent as `Authorization: Bearer <key>` when given (TAAL).
    ///   - transport: the HTTP core.
    /// - Throws: `NetworkError.invalidConfiguration` for an unusable base URL.
    public init(
        name: String, baseURL: URL, apiKey: APIKey? = nil, transport: HTTPTransport = HTTPTransport()
    ) throws(NetworkError) {
        let secrets = apiKey.map { ["Authorization": $0.withScheme("Bearer")] } ?? [:]
        self.name = name
        endpoint = try ServiceEndpoint(
            service: "ARC (\(name))", baseURL: baseURL, headers: ["Accept": "application/json"],
            secretHeaders: secrets)
        self.transport = transport
    }

    // MARK: - Properties

    /// The base URL.
    public var baseURL: URL { endpoint.baseURL }

    // MARK: - Static members

    /// GorillaPool's public ARC for `network` (named `gorillapool`).
    /// - Throws: `NetworkError.invalidConfiguration` for regtest, which only a devnet serves.
    public static func gorillaPool(
        network: Network, transport: HTTPTransport = HTTPTransport()
    ) throws(NetworkError) -> ARCClient {
        let url = network == .main ? "https://arc.gorillapool.io" : "https://testnet.arc.gorillapool.io"
        return try publicClient("gorillapool", url, network, nil, transport)
    }

    /// TAAL's public ARC for `network` (named `taal`), which needs an API key from platform.taal.com.
    /// - Throws: `NetworkError.invalidConfiguration` for regtest.
    public static func taal(
        network: Network, apiKey: APIKey?, transport: HTTPTransport = HTTPTransport()
    ) throws(NetworkError) -> ARCClient {
        let url = network == .main ? "https://arc.taal.com" : "https://arc-test.taal.com"
        return try publicClient("taal", url, network, apiKey, transport)
    }

    /// A public instance, refused for regtest.
    private static func publicClient(
        _ name: String, _ url: String, _ network: Network, _ apiKey: APIKey?, _ transport: HTTPTransport
    ) throws(NetworkError) -> ARCClient {
        guard network != .regtest, let base = URL(string: url) else {
            throw .invalidConfiguration("there is no public ARC for regtest; point the client at an hf-devnet")
        }
        return try ARCClient(name: name, baseURL: base, apiKey: apiKey, transport: transport)
    }

    // MARK: - Methods

    /// Submits a transaction (`POST /v1/tx`), preferably in extended format (EF), so that ARC need not look up
    /// its parents.
    /// - Parameters:
    ///   - transaction: the serialized transaction (EF, raw or BEEF: ARC detects the format from the bytes).
    ///   - txid: its txid; a 200 reply about another transaction is refused as malformed.
    ///   - options: body format and waiting headers.
    /// - Returns: `.processed` with ARC's status (HTTP 200), or `.rejected` (400 or 460–475 with an error
    ///   object).
    /// - Throws: `NetworkError` for service trouble: unreachable, timeouts, 429/5xx after retries, 401/403, other
    ///   statuses (including 409, ARC's generic error), malformed replies; `.invalidConfiguration` for an empty
    ///   transaction or a max timeout outside 1–30 s.
    public func submit(
        _ transaction: [UInt8], txid: Txid, options: SubmitOptions = SubmitOptions()
    ) async throws(NetworkError) -> SubmitOutcome {
        guard !transaction.isEmpty else {
            throw .invalidConfiguration("nothing to broadcast: the transaction is empty")
        }
        var headers: [String: String] = [:]
        let body: [UInt8]
        switch options.format {
        case .json:
            headers["Content-Type"] = "application/json"
            body = Array("{\"rawTx\":\"\(Hex.encode(transaction))\"}".utf8)
        case .hex:
            headers["Content-Type"] = "text/plain"
            body = Array(Hex.encode(transaction).utf8)
        case .binary:
            headers["Content-Type"] = "application/octet-stream"
            body = transaction
        }
        if let waitFor = options.waitFor { headers["X-WaitFor"] = waitFor.rawValue }
        if let seconds = options.maxTimeoutSeconds {
            guard (1...30).contains(seconds) else {
                throw .invalidConfiguration("ARC's X-MaxTimeout must be 1 to 30 seconds, not \(seconds)")
            }
            headers["X-MaxTimeout"] = String(seconds)
        }
        let request = try endpoint.request("POST", ["v1", "tx"], headers: headers, body: body)
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        switch reader.response.status {
        case 200:
            return .processed(try status(from: reader, expected: txid))
        case let code where Self.rejectionStatuses.contains(code):
            guard let rejection = try? reader.json(RejectionJSON.self).value else { throw reader.unexpectedStatus() }
            return .rejected(rejection.scrubbed(request.sanitized))
        default:
            throw reader.unexpectedStatus()
        }
    }

    /// ARC's status of `txid` (`GET /v1/tx/{txid}`), or nil if this ARC does not know it (404 with an error
    /// object). ARC knows only transactions recently submitted to it: use WhatsOnChain for general lookups.
    /// - Throws: `NetworkError`; a 404 without an error object (a wrong URL) is `.unexpectedStatus`.
    public func status(of txid: Txid) async throws(NetworkError) -> TransactionStatus? {
        let request = try endpoint.request("GET", ["v1", "tx", txid.displayHex])
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        switch reader.response.status {
        case 200:
            return try status(from: reader, expected: txid)
        case 404 where (try? reader.json(RejectionJSON.self)) != nil:
            return nil
        default:
            throw reader.unexpectedStatus()
        }
    }

    /// ARC's policy (`GET /v1/policy`), for the fee rate.
    /// - Throws: `NetworkError`.
    public func policy() async throws(NetworkError) -> Policy {
        let request = try endpoint.request("GET", ["v1", "policy"])
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.response.status == 200 else { throw reader.unexpectedStatus() }
        return try reader.json(PolicyJSON.self).value
    }

    /// A 200 reply's status, checked to be about `expected`, with its text scrubbed.
    private func status(from reader: ResponseReader, expected: Txid) throws(NetworkError) -> TransactionStatus {
        let status = try reader.json(TransactionStatusJSON.self).value
        guard status.txid == expected else {
            throw reader.malformed("the reply is about \(status.txid), not \(expected)")
        }
        return status.scrubbed(reader.request.sanitized)
    }
}
