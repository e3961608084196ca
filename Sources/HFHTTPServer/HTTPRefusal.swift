/// A request the server refused itself, before its handler saw it: malformed HTTP (400), a head or body over its
/// limit (431, 413), a chunked body (411), a slow client (408), too many connections (503), and the like.
///
/// A server built with a ``HTTPRefusalHandler`` passes each one to it, so that an application served over HTTP can
/// answer these in its own shape (the watcher's wallet API answers them as JSON errors); without one the server
/// answers plain text: `<status> <reason>: <message>`.
public struct HTTPRefusal: Sendable, Equatable {
    /// The status the server answers with.
    public let status: Int
    /// What was wrong, as a sentence (no secret, no request bytes beyond a short quoted token).
    public let message: String
    /// The request's header fields when its head was read and checked (a body too large, a body cut short or too
    /// slow), else empty: nothing from a malformed head is passed on.
    public let requestHeaders: HTTPHeaders

    /// A refusal from its parts.
    public init(status: Int, message: String, requestHeaders: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message
        self.requestHeaders = requestHeaders
    }

    /// The plain-text answer the server sends when no ``HTTPRefusalHandler`` is given.
    public var plainResponse: HTTPResponse {
        .text("\(status) \(HTTPStatus.reasonPhrase(for: status)): \(message)\n", status: status)
    }
}

/// Turns a refusal of the server's own into the response sent. Called on a connection thread (possibly several at
/// once) or the accept thread (503), so it must be safe to call concurrently and must not block.
public typealias HTTPRefusalHandler = @Sendable (HTTPRefusal) -> HTTPResponse
