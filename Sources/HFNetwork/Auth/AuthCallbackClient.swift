public import Foundation

/// Delivers a signed `.hfauth` answer to the login service's callback: one `POST` of the bundle's bytes as
/// `application/json`.
///
/// The callback must be `https` (plain `http` only on loopback), as `AuthRequest` already demands.
public struct AuthCallbackClient: Sendable {
    /// The service's name in messages.
    public static let serviceName = "login callback"

    /// The HTTP core.
    let transport: HTTPTransport

    /// A client.
    public init(transport: HTTPTransport = HTTPTransport()) {
        self.transport = transport
    }

    /// The service's answer to an accepted delivery.
    public struct Accepted: Sendable, Equatable {
        /// The status (2xx).
        public let status: Int
        /// The start of the body, made safe to print.
        public let message: String
    }

    /// POSTs `body` to `callback`.
    /// - Returns: the 2xx answer.
    /// - Throws: `NetworkError.invalidConfiguration` for an unusable URL, `.unexpectedStatus` for a refusal (the
    ///   service's message included), and the transport's errors.
    public func deliver(_ body: [UInt8], to callback: URL) async throws(NetworkError) -> Accepted {
        let endpoint = try ServiceEndpoint(service: Self.serviceName, baseURL: callback)
        let request = NetworkRequest(
            service: Self.serviceName, method: "POST", url: endpoint.baseURL,
            headers: ["Content-Type": "application/json", "Accept": "application/json"], body: body,
            maxResponseBytes: 1 << 16)
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard (200...299).contains(reader.status) else {
            // A 401 here is the service refusing the answer, not an API key: keep its message.
            throw .unexpectedStatus(
                request.call, status: reader.status, message: request.sanitized(reader.response.body))
        }
        return Accepted(status: reader.status, message: request.sanitized(reader.response.body))
    }
}
