/// Timeouts, retries and limits of an `HTTPTransport`.
public struct TransportConfiguration: Sendable {
    /// The longest one attempt may take, from sending the request to the last byte of the response (default 30 s).
    public var timeout: Duration
    /// The retry policy (default: 6 attempts, 1 s doubling to 60 s).
    public var retry: RetryPolicy
    /// The largest response body accepted when a request sets no limit of its own (default 16 MiB).
    public var maxResponseBytes: Int
    /// The `User-Agent` sent with every request.
    public var userAgent: String
    /// Called on every retry with the failure and the wait (for progress display and logs); the event's text
    /// holds no secret.
    public var observer: (@Sendable (TransportEvent) -> Void)?

    /// A configuration; every argument has the default described on its property.
    public init(
        timeout: Duration = .seconds(30), retry: RetryPolicy = RetryPolicy(), maxResponseBytes: Int = 16 << 20,
        userAgent: String = "hf-watcher/1", observer: (@Sendable (TransportEvent) -> Void)? = nil
    ) {
        self.timeout = timeout
        self.retry = retry
        self.maxResponseBytes = maxResponseBytes
        self.userAgent = userAgent
        self.observer = observer
    }
}
