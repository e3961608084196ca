// The server's request parsing as one pure function, so that it can be fuzzed and tested on bytes.

extension HTTPRequest {
    /// How ``parse(_:maxHeaderBytes:)`` judged the bytes of a request.
    public enum ParseOutcome: Sendable, Equatable {
        /// A complete request; bytes after its body are ignored (the server answers one request per connection).
        case request(HTTPRequest)
        /// The bytes end before the blank line that ends the head, or before the last byte of the body.
        case incomplete
        /// A request the server refuses with this status (400, 411, 417, 431, 501 or 505) and message.
        case refused(status: Int, message: String)
    }

    /// Parses `bytes` the way the server reads a request: the head through its blank line (at most
    /// `maxHeaderBytes`), checked strictly (RFC 9112), then a body of `Content-Length` bytes. No I/O.
    public static func parse(_ bytes: [UInt8], maxHeaderBytes: Int = 64 * 1024) -> ParseOutcome {
        guard let end = HTTPRequestParser.headEnd(in: bytes) else {
            guard bytes.count <= maxHeaderBytes else { return refused(.headersTooLarge(limit: maxHeaderBytes)) }
            return .incomplete
        }
        guard end <= maxHeaderBytes else { return refused(.headersTooLarge(limit: maxHeaderBytes)) }
        let head: HTTPRequestHead
        do {
            head = try HTTPRequestParser.parseHead(bytes[..<end])
        } catch {
            return refused(error)
        }
        guard bytes.count - end >= head.contentLength else { return .incomplete }
        return .request(head.request(body: Array(bytes[end..<(end + head.contentLength)])))
    }

    /// The outcome for a parse error.
    private static func refused(_ error: HTTPParseError) -> ParseOutcome {
        .refused(status: error.status, message: error.message)
    }
}
