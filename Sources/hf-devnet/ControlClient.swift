import Foundation
import HFCommandLine
import HFDevnet
import HFNetwork

/// Calls a running server's control routes (`POST /devnet/mine`, `/devnet/fund`, `/devnet/reorg`) over HTTP.
///
/// Requests are sent once, never retried: a mining request that timed out may have mined, and sending it again
/// would mine twice.
struct ControlClient {
    /// The server's base URL.
    let baseURL: URL

    /// The transport: one attempt, a long timeout (mining 10 000 blocks takes a while).
    private let transport = HTTPTransport(
        configuration: TransportConfiguration(
            timeout: .seconds(600), retry: RetryPolicy(maxAttempts: 1), userAgent: "hf-devnet/\(ToolkitVersion.current)")
    )

    // MARK: - Methods

    /// Posts `body` as JSON to `<base>/devnet/<route>` and decodes the reply.
    /// - Throws: `CommandError`: 75 when the server cannot be reached or fails, 65 for a refused request, 64 for a
    ///   request the chain cannot apply (a reorganisation out of range or not heavier: 422), 1 when the devnet
    ///   cannot do it (e.g. its key cannot pay).
    func post<Body: Encodable, Reply: Decodable>(
        _ route: String, _ body: Body, as type: Reply.Type
    ) async throws(CommandError) -> Reply {
        let url = baseURL.appendingPathComponent("devnet").appendingPathComponent(route)
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(body)
        } catch {
            throw CommandError(.software, "cannot encode the request: \(error)")
        }
        let request = NetworkRequest(
            service: "hf-devnet", method: "POST", url: url,
            headers: ["Content-Type": "application/json", "Accept": "application/json"], body: Array(encoded))
        let response: NetworkResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw .tryAgain(
                "cannot reach the devnet at \(baseURL.absoluteString): \(error); is 'hf-devnet serve' running?")
        }
        let data = Data(response.body)
        guard response.status == 200 else {
            let message =
                (try? JSONDecoder().decode(DevnetControl.ErrorReply.self, from: data))?.error
                ?? "HTTP \(response.status) from \(url.absoluteString); is this an hf-devnet?"
            switch response.status {
            case 400: throw .dataError(message)
            case 422: throw .usage(message)
            case 404, 405: throw .failure("\(baseURL.absoluteString) is not an hf-devnet (HTTP \(response.status))")
            case 503: throw .tryAgain(message)
            default: throw .failure(message)
            }
        }
        do {
            return try JSONDecoder().decode(Reply.self, from: data)
        } catch {
            throw .failure("the devnet at \(baseURL.absoluteString) sent a reply that is not the expected JSON")
        }
    }
}
