public import Foundation
public import HFPrimitives

/// A client of the WhatsOnChain REST API (docs/reference/provider-apis.md §1), or of an `hf-devnet` imitating it.
///
/// The base URL includes the network: `https://api.whatsonchain.com/v1/bsv/main` (or `/test`). With an API key,
/// every request carries it as `Authorization: <key>` and `woc-api-key: <key>` (both conventions are in use).
/// Without a key the service allows about 3 requests per second; 429 answers are retried by the transport.
///
/// Every response is checked: status, media type, size, and the fields this client uses (unknown fields are
/// ignored, since services add fields). Hashes are verified where the reply allows it: headers must hash to their
/// block hash, raw transactions to their txid.
public struct WhatsOnChainClient: Sendable {
    /// The service's name in messages.
    public static let serviceName = "WhatsOnChain"

    /// The largest raw transaction accepted, in bytes (as for bundles, docs/design.md §4).
    public static let maxTransactionBytes = 32 << 20

    /// Base URL and headers.
    let endpoint: ServiceEndpoint
    /// The HTTP core.
    let transport: HTTPTransport

    // MARK: - Initializers

    /// A client of the service at `baseURL`.
    /// - Parameters:
    ///   - baseURL: the base including `/v1/bsv/<network>`.
    ///   - apiKey: an optional key (keep the `mainnet_`/`testnet_` prefix the TAAL platform shows).
    ///   - transport: the HTTP core (timeouts, retries).
    /// - Throws: `NetworkError.invalidConfiguration` for an unusable base URL.
    public init(baseURL: URL, apiKey: APIKey? = nil, transport: HTTPTransport = HTTPTransport()) throws(NetworkError) {
        let secrets = apiKey.map { ["Authorization": $0, "woc-api-key": $0] } ?? [:]
        endpoint = try ServiceEndpoint(
            service: Self.serviceName, baseURL: baseURL, headers: ["Accept": "application/json"],
            secretHeaders: secrets)
        self.transport = transport
    }

    // MARK: - Properties

    /// The base URL.
    public var baseURL: URL { endpoint.baseURL }

    // MARK: - Static members

    /// The public service's base URL for `network`; nil for regtest, which only a devnet serves.
    public static func publicBaseURL(for network: Network) -> URL? {
        switch network {
        case .main: URL(string: "https://api.whatsonchain.com/v1/bsv/main")
        case .test: URL(string: "https://api.whatsonchain.com/v1/bsv/test")
        case .regtest: nil
        }
    }

    // MARK: - Methods

    /// The chain tip as the service sees it (`GET /chain/info`).
    /// - Throws: `NetworkError`.
    public func chainInfo() async throws(NetworkError) -> ChainInfo {
        let reader = try await get(["chain", "info"])
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        return try reader.json(ChainInfo.self)
    }

    /// Sends a GET (retries and transport errors are handled below this) and returns the reply's reader.
    func get(
        _ segments: [String], query: [(String, String)] = [], headers: [String: String] = [:],
        maxResponseBytes: Int? = nil
    ) async throws(NetworkError) -> ResponseReader {
        let request = try endpoint.request(
            "GET", segments, query: query, headers: headers, maxResponseBytes: maxResponseBytes)
        return ResponseReader(request: request, response: try await transport.send(request))
    }
}
