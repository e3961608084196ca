/// How often, and how patiently, a request is retried after a transient failure.
///
/// Transient failures are: no connection, a timeout, 429 Too Many Requests and any 5xx status. Other statuses
/// (including every other 4xx) are answers and are never retried. The wait before retry *n* (n = 1 for the first) is
/// `baseDelay × 2^(n−1)`, capped at `maxDelay`; a 429 or 503 with `Retry-After` waits what the service asked for
/// instead, also capped at `maxDelay`. Defaults: 6 attempts, 1 s doubling to a 60 s cap (1, 2, 4, 8, 16 s).
public struct RetryPolicy: Sendable, Equatable {
    /// The most attempts in all, at least 1 (1 means no retry).
    public var maxAttempts: Int
    /// The wait before the first retry.
    public var baseDelay: Duration
    /// The longest wait before any retry, including one asked for with `Retry-After`.
    public var maxDelay: Duration

    /// No retries: one attempt only.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// A policy; `maxAttempts` below 1 counts as 1.
    public init(maxAttempts: Int = 6, baseDelay: Duration = .seconds(1), maxDelay: Duration = .seconds(60)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maxDelay = max(.zero, maxDelay)
    }

    /// The wait after failed attempt number `attempt` (1-based).
    /// - Parameter retryAfter: the wait the service asked for, if it did.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration? = nil) -> Duration {
        if let retryAfter { return min(max(.zero, retryAfter), maxDelay) }
        let doublings = min(max(0, attempt - 1), 30)
        return min(baseDelay * (1 << doublings), maxDelay)
    }
}
