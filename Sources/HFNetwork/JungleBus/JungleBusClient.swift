public import Foundation
public import HFPrimitives

/// A client of GorillaPool's JungleBus REST API (docs/reference/provider-apis.md §2), or of an `hf-devnet` imitating it.
///
/// The base URL includes the version: `https://junglebus.gorillapool.io/v1`. An optional JWT is sent in a header
/// literally named `token`. The watcher uses JungleBus to cross-check WhatsOnChain's confirmed history and for bulk
/// header runs (up to 10,000 headers per call).
public struct JungleBusClient: Sendable {
    /// The service's name in messages.
    public static let serviceName = "JungleBus"

    /// The most headers one `headers(from:count:)` call returns (the service's limit is 10,000 per list, one of
    /// which is the anchor before the run).
    public static let maxHeaderCount = 9_999

    /// Base URL and headers.
    let endpoint: ServiceEndpoint
    /// The HTTP core.
    let transport: HTTPTransport

    // MARK: - Initializers

    /// A client of the service at `baseURL` (including `/v1`).
    /// - Throws: `NetworkError.invalidConfiguration` for an unusable base URL.
    public init(baseURL: URL, token: APIKey? = nil, transport: HTTPTransport = HTTPTransport()) throws(NetworkError) {
        endpoint = try ServiceEndpoint(
            service: Self.serviceName, baseURL: baseURL, headers: ["Accept": "application/json"],
            secretHeaders: token.map { ["token": $0] } ?? [:])
        self.transport = transport
    }

    // MARK: - Properties

    /// The base URL.
    public var baseURL: URL { endpoint.baseURL }

    // MARK: - Static members

    /// The public service's base URL for `network`; nil for regtest.
    public static func publicBaseURL(for network: Network) -> URL? {
        switch network {
        case .main: URL(string: "https://junglebus.gorillapool.io/v1")
        case .test: URL(string: "https://testnet.junglebus.gorillapool.io/v1")
        case .regtest: nil
        }
    }

    // MARK: - Methods

    /// The transactions touching `address` (`GET /address/get/{address}[/{fromHeight}]`), without duplicate txids
    /// (an address used twice in one transaction gives two records; the first is kept). Apparently confirmed
    /// transactions only, in no documented order. A 404 means none.
    /// - Parameter fromHeight: the lowest block height wanted, or nil for all.
    /// - Throws: `NetworkError`.
    public func addressHistory(
        of address: Address, fromHeight: Int? = nil
    ) async throws(NetworkError) -> [AddressRecord] {
        var segments = ["address", "get", address.string]
        if let fromHeight { segments.append(String(max(0, fromHeight))) }
        let reader = try await get(segments)
        if reader.status == 404 { return [] }
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let records = try reader.json([AddressRecord.JSON].self)
        if records.contains(where: { $0.address != nil && $0.address != address.string }) {
            throw reader.malformed("a record is about another address")
        }
        var seen: Set<Txid> = []
        return records.map(\.record).filter { seen.insert($0.txid).inserted }
    }

    /// The height of block `hash` (`GET /block_header/get/{hash}`), or nil if the service does not know it (404);
    /// for address records that come without `block_height`.
    /// - Throws: `NetworkError`; `.malformedResponse` if the reply names another block.
    public func blockHeight(of hash: BlockHash) async throws(NetworkError) -> Int? {
        let reader = try await get(["block_header", "get", hash.displayHex])
        if reader.status == 404 { return nil }
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let fields = try reader.json(HeaderFieldsJSON.self)
        guard fields.hash == hash else { throw reader.malformed("asked for block \(hash), got \(fields.hash)") }
        return fields.height
    }

    /// Sends a GET and returns the reply's reader.
    func get(_ segments: [String], query: [(String, String)] = []) async throws(NetworkError) -> ResponseReader {
        let request = try endpoint.request("GET", segments, query: query)
        return ResponseReader(request: request, response: try await transport.send(request))
    }
}
