/// One HTTP request as the server received it.
///
/// `path` is the request target up to `?`, exactly as sent (still percent-encoded, so `%2F` is not a separator);
/// `queryItems` are the `&`-separated pairs after it, percent-decoded (`+` stays a plus sign). Header names compare
/// case-insensitively. The body is empty unless the request carried a `Content-Length`.
public struct HTTPRequest: Sendable, Equatable {
    /// One `name=value` pair of the query; a pair without `=` has an empty value.
    public struct QueryItem: Sendable, Equatable {
        /// The decoded name.
        public let name: String
        /// The decoded value.
        public let value: String

        /// A pair from its decoded parts.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The method, e.g. `GET` (case-sensitive, as HTTP defines it).
    public let method: String
    /// The path, starting with `/`, still percent-encoded.
    public let path: String
    /// The query pairs in order.
    public let queryItems: [QueryItem]
    /// The header fields.
    public let headers: HTTPHeaders
    /// The body bytes.
    public let body: [UInt8]
    /// The client, while the server's handler runs (nil in requests built elsewhere).
    public internal(set) var client: HTTPClient?

    // MARK: - Initializers

    /// A request from its parts (the server builds these; tests of handlers may too).
    public init(
        method: String, path: String, queryItems: [QueryItem] = [], headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
    }

    // MARK: - Methods

    /// The value of the first query item called `name`, or nil.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
