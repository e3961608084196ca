/// Reason phrases for the status codes the server and its handlers use.
public enum HTTPStatus {
    /// The standard reason phrase for `status`, or `"Status"` for a code without one.
    public static func reasonPhrase(for status: Int) -> String {
        phrases[status] ?? "Status"
    }

    /// The phrases of RFC 9110, plus 429 (RFC 6585) and 431.
    private static let phrases: [Int: String] = [
        100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
        301: "Moved Permanently", 302: "Found", 304: "Not Modified", 307: "Temporary Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        408: "Request Timeout", 409: "Conflict", 411: "Length Required", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 417: "Expectation Failed", 422: "Unprocessable Content",
        429: "Too Many Requests", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        505: "HTTP Version Not Supported",
    ]
}
