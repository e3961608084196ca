/// Routes requests by method and path pattern to handlers.
///
/// A pattern is a path whose segments are literal or `{name}`, which matches one non-empty segment and hands its
/// percent-decoded value to the handler under `name` (`/v1/tx/{txid}`). Routes are tried in the order added. A path
/// that no route matches is answered 404; a path that matches only under other methods is answered 405 with `Allow`.
public struct HTTPRouter: Sendable {
    /// Answers a routed request; the second argument holds the pattern's `{name}` values.
    public typealias RouteHandler = @Sendable (HTTPRequest, [String: String]) -> HTTPResponse

    /// One route.
    private struct Route: Sendable {
        /// The method answered.
        let method: String
        /// The pattern's segments.
        let segments: [Substring]
        /// The handler.
        let handler: RouteHandler
    }

    /// The routes in order.
    private var routes: [Route] = []

    // MARK: - Initializers

    /// A router with no routes.
    public init() {}

    // MARK: - Properties

    /// A server handler that routes with this router (a copy: routes added later are not seen).
    public var handler: HTTPHandler {
        let router = self
        return { request in router.respond(to: request) }
    }

    // MARK: - Methods

    /// Adds a route.
    /// - Parameters:
    ///   - method: the method it answers, e.g. `GET`.
    ///   - pattern: the path pattern, e.g. `/v1/tx/{txid}`.
    ///   - handler: the handler.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping RouteHandler) {
        routes.append(Route(method: method, segments: Self.segments(pattern), handler: handler))
    }

    /// The response of the first route that matches `request`, else 404 or 405.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = Self.segments(request.path)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.match(route.segments, path) else { continue }
            if route.method == request.method { return route.handler(request, parameters) }
            allowed.append(route.method)
        }
        guard !allowed.isEmpty else { return .status(404) }
        var response = HTTPResponse.status(405)
        response.headers.set(name: "Allow", value: allowed.joined(separator: ", "))
        return response
    }

    /// The `/`-separated segments of a path (a trailing slash counts as an empty last segment).
    private static func segments(_ path: String) -> [Substring] {
        Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }

    /// The parameters if `path` matches `pattern`, else nil.
    private static func match(_ pattern: [Substring], _ path: [Substring]) -> [String: String]? {
        guard pattern.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(pattern, path) {
            if expected.hasPrefix("{") && expected.hasSuffix("}") && expected.count > 2 {
                guard !actual.isEmpty, let value = PercentDecoding.decode(actual.utf8) else { return nil }
                parameters[String(expected.dropFirst().dropLast())] = value
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
