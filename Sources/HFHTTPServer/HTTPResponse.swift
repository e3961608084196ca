import Foundation

/// One HTTP response: status, header fields and body.
///
/// The server adds `Content-Length` and `Connection: close` itself and drops any `Content-Length`,
/// `Transfer-Encoding` or `Connection` field given here, as well as fields whose name or value could break the
/// message framing (control characters, CR or LF).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, 100…999 (anything else is sent as 500).
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]

    // MARK: - Initializers

    /// A response from its parts.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    // MARK: - Static members

    /// A JSON response with `value` encoded with sorted keys, or a 500 text response if encoding fails.
    public static func json(_ value: some Encodable, status: Int = 200) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return json(bytes: Array(try encoder.encode(value)), status: status)
        } catch {
            return text("the response could not be encoded as JSON: \(error)", status: 500)
        }
    }

    /// A JSON response whose body is `text` as given (for exact recorded shapes).
    public static func json(text: String, status: Int = 200) -> HTTPResponse {
        json(bytes: Array(text.utf8), status: status)
    }

    /// A JSON response with an already encoded body.
    public static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: bytes)
    }

    /// A plain-text (UTF-8) response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A binary response.
    public static func bytes(
        _ bytes: [UInt8], contentType: String = "application/octet-stream", status: Int = 200
    ) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: bytes)
    }

    /// A plain-text response whose body is the status's reason phrase, e.g. `404 Not Found`.
    public static func status(_ status: Int) -> HTTPResponse {
        text("\(status) \(HTTPStatus.reasonPhrase(for: status))", status: status)
    }
}
