/// Answers one request. The server calls it on a connection thread, possibly several at once, so it must be
/// safe to call concurrently; whatever it returns is sent with `Connection: close`.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse
