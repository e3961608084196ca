/// Why a call to an online service failed. `description` says what the service did and what to do.
///
/// No case carries a secret: request summaries hold the service, method, host and path only, and every text that
/// came from a service is scrubbed of the API keys sent with the request, stripped of control characters and cut to
/// 300 characters before it is stored here.
public enum NetworkError: Error, Equatable, Sendable {
    /// A client was configured wrongly (a base URL or an API key); the text says what is expected.
    case invalidConfiguration(String)
    /// No connection could be made, or it broke, on every attempt.
    case unreachable(ServiceCall, reason: String, attempts: Int)
    /// The service did not answer within the timeout on every attempt.
    case timedOut(ServiceCall, seconds: Double, attempts: Int)
    /// The service kept answering 429 Too Many Requests until the retry budget ran out.
    case rateLimited(ServiceCall, attempts: Int)
    /// The service kept answering with a 5xx status (the last one is given) until the retry budget ran out.
    case serverFailure(ServiceCall, status: Int, attempts: Int)
    /// The service refused the credentials (401 or 403).
    case unauthorized(ServiceCall, status: Int)
    /// The service answered with a status this client does not expect for this call.
    case unexpectedStatus(ServiceCall, status: Int, message: String)
    /// The response body exceeded the limit in bytes; it was not read further.
    case responseTooLarge(ServiceCall, limit: Int)
    /// The response has a media type this call cannot use (for example HTML where JSON was expected).
    case unexpectedContentType(ServiceCall, contentType: String)
    /// The response could not be read: bad JSON, a missing field, a wrong type, or a value that fails a check.
    case malformedResponse(ServiceCall, reason: String)
    /// The service answered 200 but reported an error in the body (WhatsOnChain's `error` field).
    case serviceReportedError(ServiceCall, message: String)
    /// The caller's task was cancelled.
    case cancelled(ServiceCall)
    /// Every broadcaster failed; the errors are in the order they were tried.
    case allBroadcastersFailed([NetworkError])
}

extension NetworkError {
    /// A summary of one request, safe to print: the service's name, the method, and `host[:port]/path`.
    public struct ServiceCall: Equatable, Sendable, CustomStringConvertible {
        /// The service's name, e.g. `WhatsOnChain` or `ARC (taal)`.
        public let service: String
        /// The HTTP method.
        public let method: String
        /// `host[:port]/path`, without scheme, user information or query.
        public let resource: String

        /// A summary from its parts.
        public init(service: String, method: String, resource: String) {
            self.service = service
            self.method = method
            self.resource = resource
        }

        /// `<service> (<method> <resource>)`.
        public var description: String { "\(service) (\(method) \(resource))" }
    }

    /// Whether the failure is the service's trouble (down, slow, overloaded, refusing the key, answering
    /// nonsense) rather than the caller's cancellation or a configuration fault; broadcasters fail over on these.
    public var isServiceTrouble: Bool {
        switch self {
        case .invalidConfiguration, .cancelled: false
        case .allBroadcastersFailed(let errors): errors.contains { $0.isServiceTrouble }
        default: true
        }
    }
}
