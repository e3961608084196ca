/// The request line and header fields of a request, checked, before its body is read.
struct HTTPRequestHead: Equatable {
    /// The request line's three parts.
    struct RequestLine: Equatable {
        /// The method token.
        let method: String
        /// The path (still percent-encoded), starting with `/`.
        let path: String
        /// The decoded query pairs.
        let queryItems: [HTTPRequest.QueryItem]
        /// `HTTP/1.0` or `HTTP/1.1`.
        let version: String
    }

    /// The request line.
    let line: RequestLine
    /// The header fields.
    let headers: HTTPHeaders
    /// The body length from `Content-Length`, 0 when absent.
    let contentLength: Int
    /// Whether the client waits for `100 Continue` before sending the body.
    let expectsContinue: Bool

    /// The request with `body`.
    func request(body: [UInt8]) -> HTTPRequest {
        HTTPRequest(method: line.method, path: line.path, queryItems: line.queryItems, headers: headers, body: body)
    }
}
