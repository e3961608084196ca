import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP core every service client shares: one URLSession, timeouts, retries with exponential backoff, and a
/// bound on response size.
///
/// `send(_:)` returns the first response that is an answer (2xx, 3xx, or a 4xx other than 429) and leaves its
/// interpretation to the client. It retries failed connections, timeouts, 429 (honouring `Retry-After`) and 5xx as
/// `RetryPolicy` says, and throws once the budget is spent. Redirects are not followed (they are answers), cookies
/// and caches are off, and secrets travel only in the request's secret headers.
public final class HTTPTransport: Sendable {
    /// Timeouts, retries and limits.
    public let configuration: TransportConfiguration

    /// The session all requests go through.
    private let session: URLSession

    /// The session's delegate, which collects responses.
    private let delegate: SessionDelegate

    // MARK: - Initializers

    /// A transport with its own URLSession.
    public init(configuration: TransportConfiguration = TransportConfiguration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.urlCredentialStorage = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout.seconds
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout.seconds
        delegate = SessionDelegate()
        session = URLSession(configuration: sessionConfiguration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    // MARK: - Methods

    /// Sends `request`, retrying transient failures.
    /// - Returns: the first response whose status is not 429 or 5xx.
    /// - Throws: `NetworkError.rateLimited`, `.serverFailure`, `.timedOut` or `.unreachable` once the retry budget
    ///   is spent; `.responseTooLarge` (not retried); `.cancelled`.
    public func send(_ request: NetworkRequest) async throws(NetworkError) -> NetworkResponse {
        let call = request.call
        let policy = configuration.retry
        var attempt = 0
        while true {
            attempt += 1
            let failure: NetworkError
            var retryAfter: Duration?
            switch await perform(request) {
            case .received(let response) where response.status == 429:
                failure = .rateLimited(call, attempts: attempt)
                retryAfter = response.header("retry-after").flatMap { RetryAfter.parse($0) }
            case .received(let response) where (500...599).contains(response.status):
                failure = .serverFailure(call, status: response.status, attempts: attempt)
                retryAfter = response.header("retry-after").flatMap { RetryAfter.parse($0) }
            case .received(let response):
                return response
            case .failed(.timedOut):
                failure = .timedOut(call, seconds: configuration.timeout.seconds, attempts: attempt)
            case .failed(.network(let reason)):
                failure = .unreachable(call, reason: reason, attempts: attempt)
            case .failed(.tooLarge):
                throw .responseTooLarge(call, limit: request.maxResponseBytes ?? configuration.maxResponseBytes)
            case .failed(.cancelled):
                throw .cancelled(call)
            case .failed(.permanent(let reason)):
                throw .unreachable(call, reason: reason, attempts: attempt)
            }
            guard attempt < policy.maxAttempts else { throw failure }
            let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter)
            configuration.observer?(.retrying(after: failure, delay: delay))
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw .cancelled(call)
            }
        }
    }

    /// One attempt, bounded by the timeout and the body limit.
    private func perform(_ request: NetworkRequest) async -> AttemptOutcome {
        guard !Task.isCancelled else { return .failed(.cancelled) }
        let task = session.dataTask(with: urlRequest(for: request))
        let identifier = task.taskIdentifier
        let limit = request.maxResponseBytes ?? configuration.maxResponseBytes
        let timeout = configuration.timeout
        let delegate = delegate
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(identifier, limit: limit, continuation: continuation)
                // A cancellation that came before the registration found nothing to cancel: honour it here.
                guard !Task.isCancelled else {
                    task.cancel()
                    delegate.finish(identifier, with: .failed(.cancelled))
                    return
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds) {
                    if delegate.fail(identifier, with: .timedOut) { task.cancel() }
                }
                task.resume()
            }
        } onCancel: {
            if delegate.fail(identifier, with: .cancelled) { task.cancel() }
        }
    }

    /// The URLRequest for `request`: method, headers (ordinary, then secret), body, no cache.
    private func urlRequest(for request: NetworkRequest) -> URLRequest {
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout.seconds
        )
        urlRequest.httpMethod = request.method
        urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        for (name, key) in request.secretHeaders { urlRequest.setValue(key.headerValue, forHTTPHeaderField: name) }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        return urlRequest
    }
}

extension HTTPTransport: CustomReflectable {
    /// The configuration only: the session's internals hold past requests, whose headers may carry API keys, so
    /// `dump` must not descend into them.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "timeout": configuration.timeout, "retry": configuration.retry,
                "maxResponseBytes": configuration.maxResponseBytes,
            ])
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
