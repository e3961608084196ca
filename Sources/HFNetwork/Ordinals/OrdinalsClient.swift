public import Foundation
public import HFPrimitives

/// Asks GorillaPool's ordinals indexer whether outputs carry inscriptions or tokens (docs/reference/provider-apis.md §4), so that
/// coin selection never spends one as an ordinary coin.
///
/// The client **fails closed**: it never throws, and anything short of the indexer positively knowing an output
/// as plain (404, errors, 5xx, timeouts, malformed replies) gives a verdict whose `maySpend` is false. Only 1-sat
/// outputs can be 1Sat ordinals or tokens; the caller decides which outputs to ask about.
public struct OrdinalsClient: Sendable {
    /// The service's name in messages.
    public static let serviceName = "GorillaPool ordinals"

    /// The most outpoints per batch request.
    public static let batchSize = 100

    /// The `data` keys that mark an inscription, a token, a listing or a lock.
    static let markerKeys: Set<String> = ["insc", "bsv20", "bsv21", "list", "lock"]

    /// Base URL and headers.
    let endpoint: ServiceEndpoint
    /// The HTTP core.
    let transport: HTTPTransport

    // MARK: - Initializers

    /// A client of the indexer at `baseURL` (including `/api`).
    /// - Throws: `NetworkError.invalidConfiguration` for an unusable base URL.
    public init(baseURL: URL, transport: HTTPTransport = HTTPTransport()) throws(NetworkError) {
        endpoint = try ServiceEndpoint(
            service: Self.serviceName, baseURL: baseURL, headers: ["Accept": "application/json"])
        self.transport = transport
    }

    // MARK: - Properties

    /// The base URL.
    public var baseURL: URL { endpoint.baseURL }

    // MARK: - Static members

    /// The public indexer's base URL for `network` (the testnet host is unconfirmed); nil for regtest.
    public static func publicBaseURL(for network: Network) -> URL? {
        switch network {
        case .main: URL(string: "https://ordinals.gorillapool.io/api")
        case .test: URL(string: "https://testnet.ordinals.gorillapool.io/api")
        case .regtest: nil
        }
    }

    // MARK: - Methods

    /// What the indexer says about one output (`GET /txos/{txid}_{vout}?script=false`).
    public func check(_ outpoint: Outpoint) async -> Verdict {
        do throws(NetworkError) {
            let request = try endpoint.request("GET", ["txos", outpoint.text], query: [("script", "false")])
            let reader = ResponseReader(request: request, response: try await transport.send(request))
            switch reader.response.status {
            case 200:
                let txo = try reader.json(TxoJSON.self)
                guard txo.outpoint.map({ $0 == outpoint }) ?? true else {
                    throw reader.malformed("the reply is about another output")
                }
                return txo.verdict
            case 404:
                return .notIndexed
            default:
                throw reader.unexpectedStatus()
            }
        } catch {
            return .unavailable(error)
        }
    }

    /// What the indexer says about several outputs (`POST /txos/outpoints?script=false`, in batches of
    /// `batchSize`). Outputs missing from a reply are `.notIndexed`; every output of a failed batch is
    /// `.unavailable`.
    public func check(_ outpoints: [Outpoint]) async -> [Outpoint: Verdict] {
        var verdicts: [Outpoint: Verdict] = [:]
        let unique = Array(Set(outpoints)).sorted { $0.text < $1.text }
        for start in stride(from: 0, to: unique.count, by: Self.batchSize) {
            let batch = Array(unique[start..<min(start + Self.batchSize, unique.count)])
            do {
                let found = try await lookUp(batch)
                for outpoint in batch { verdicts[outpoint] = found[outpoint] ?? .notIndexed }
            } catch {
                for outpoint in batch { verdicts[outpoint] = .unavailable(error) }
            }
        }
        return verdicts
    }

    /// One batch request: the verdicts of the outputs the indexer knows.
    private func lookUp(_ batch: [Outpoint]) async throws(NetworkError) -> [Outpoint: Verdict] {
        let body = "[" + batch.map { "\"\($0.text)\"" }.joined(separator: ",") + "]"
        let request = try endpoint.request(
            "POST", ["txos", "outpoints"], query: [("script", "false")],
            headers: ["Content-Type": "application/json"], body: Array(body.utf8))
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.response.status == 200 else { throw reader.unexpectedStatus() }
        var found: [Outpoint: Verdict] = [:]
        for txo in try reader.json([TxoJSON].self) {
            guard let outpoint = txo.outpoint, batch.contains(outpoint) else {
                throw reader.malformed("the reply holds an output that was not asked for")
            }
            found[outpoint] = txo.verdict
        }
        return found
    }
}
