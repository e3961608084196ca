import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one attempt of a request gave: a response (of any status) or a failure to get one.
enum AttemptOutcome: Sendable {
    /// Why no usable response arrived.
    enum Failure: Sendable, Equatable {
        /// The attempt ran past the transport's timeout.
        case timedOut
        /// The body exceeded the request's limit.
        case tooLarge
        /// The caller's task was cancelled.
        case cancelled
        /// A connection problem worth retrying (refused, reset, host not found …), described for people.
        case network(String)
        /// A problem a retry will not fix (TLS, an unsupported URL …), described for people.
        case permanent(String)

        /// Classifies a URLSession error. The text names the problem, never the URL.
        init(_ error: any Error) {
            let code = (error as NSError).code
            switch URLError.Code(rawValue: code) {
            case .timedOut: self = .timedOut
            case .cancelled: self = .cancelled
            case .cannotConnectToHost: self = .network("connection refused")
            case .networkConnectionLost: self = .network("the connection was lost")
            case .cannotFindHost, .dnsLookupFailed: self = .network("the host name could not be resolved")
            case .notConnectedToInternet: self = .network("no network connection")
            case .badServerResponse: self = .network("the server sent an invalid HTTP response")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
                .clientCertificateRequired:
                self = .permanent("the TLS connection failed (certificate or handshake)")
            case .unsupportedURL, .badURL: self = .permanent("the URL is not supported")
            default: self = .network("network error \(code)")
            }
        }
    }

    /// A response arrived (any status).
    case received(NetworkResponse)
    /// No response.
    case failed(Failure)
}
