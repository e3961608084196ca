// The sentences of `NetworkError`: what the service did, then what to do.

extension NetworkError: CustomStringConvertible {
    /// One sentence (two clauses): what happened and what to do about it.
    public var description: String {
        switch self {
        case .invalidConfiguration(let text):
            "invalid service configuration: \(text)"
        case .unreachable(let call, let reason, let attempts):
            "could not reach \(call) \(Self.tries(attempts)): \(reason); check the network connection and the "
                + "service URL, or try again later"
        case .timedOut(let call, let seconds, let attempts):
            "\(call) did not answer within \(Self.seconds(seconds)) \(Self.tries(attempts)); the service is slow "
                + "or down, try again later"
        case .rateLimited(let call, let attempts):
            "\(call) kept answering 429 Too Many Requests \(Self.tries(attempts)); wait a minute before trying "
                + "again, or configure an API key for a higher limit"
        case .serverFailure(let call, let status, let attempts):
            "\(call) failed with HTTP \(status) \(Self.tries(attempts)); the service is having trouble, try again "
                + "later or use another provider"
        case .unauthorized(let call, let status):
            "\(call) refused the request with HTTP \(status); the API key is missing, wrong or expired, check the "
                + "configured key file"
        case .unexpectedStatus(let call, let status, let message):
            "\(call) answered HTTP \(status)\(Self.quoted(message)); check that the service URL points at the "
                + "right service and network"
        case .responseTooLarge(let call, let limit):
            "\(call) sent a response larger than \(limit) bytes, which was refused; check the service URL"
        case .unexpectedContentType(let call, let contentType):
            "\(call) answered with content type \"\(contentType)\" instead of the expected data; check the service "
                + "URL (a proxy or captive portal may be answering)"
        case .malformedResponse(let call, let reason):
            "\(call) sent a response that could not be used: \(reason); check that the service URL points at the "
                + "right service, or try another provider"
        case .serviceReportedError(let call, let message):
            "\(call) reported an error\(Self.quoted(message)); try again later or use another provider"
        case .cancelled(let call):
            "\(call) was cancelled"
        case .allBroadcastersFailed(let errors):
            "every broadcaster failed, so the transaction was not broadcast ("
                + errors.enumerated().map { "\($0.offset + 1)) \($0.element)" }.joined(separator: "; ")
                + "); try again later"
        }
    }

    /// "after N attempts" or "on the only attempt".
    private static func tries(_ attempts: Int) -> String {
        attempts == 1 ? "on the only attempt" : "after \(attempts) attempts"
    }

    /// A whole or one-decimal number of seconds with its unit.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\((value * 10).rounded() / 10) s"
    }

    /// `: "<message>"`, or nothing for an empty message.
    private static func quoted(_ message: String) -> String {
        message.isEmpty ? "" : ": \"\(message)\""
    }
}
