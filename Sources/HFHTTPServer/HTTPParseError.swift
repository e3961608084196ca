/// Why a request was refused before reaching the handler; each case maps to the status the server answers with.
enum HTTPParseError: Error, Equatable {
    /// The request line or a header field breaks HTTP/1.1 syntax (400).
    case badRequest(String)
    /// The request line and header fields exceed this many bytes (431).
    case headersTooLarge(limit: Int)
    /// There are more than this many header fields (431).
    case tooManyFields(limit: Int)
    /// The declared body exceeds the size limit (413).
    case bodyTooLarge(limit: Int)
    /// The body is sent chunked; only `Content-Length` bodies are accepted (411).
    case lengthRequired
    /// A transfer coding other than chunked (501).
    case unsupportedTransferCoding(String)
    /// An HTTP version other than 1.0 or 1.1 (505).
    case unsupportedVersion(String)
    /// An `Expect` value other than `100-continue` (417).
    case unsupportedExpectation
    /// The client did not send the whole request in time (408).
    case timedOut

    /// The status code the server answers with.
    var status: Int {
        switch self {
        case .badRequest: 400
        case .headersTooLarge, .tooManyFields: 431
        case .bodyTooLarge: 413
        case .lengthRequired: 411
        case .unsupportedTransferCoding: 501
        case .unsupportedVersion: 505
        case .unsupportedExpectation: 417
        case .timedOut: 408
        }
    }

    /// The sentence sent as the response body.
    var message: String {
        switch self {
        case .badRequest(let reason): "malformed request: \(reason)"
        case .headersTooLarge(let limit): "the request line and header fields exceed \(limit) bytes"
        case .tooManyFields(let limit): "the request has more than \(limit) header fields"
        case .bodyTooLarge(let limit): "the request body exceeds \(limit) bytes"
        case .lengthRequired: "chunked request bodies are not accepted; send a Content-Length"
        case .unsupportedTransferCoding(let coding): "transfer coding \"\(coding)\" is not supported"
        case .unsupportedVersion(let version): "\(version) is not supported; use HTTP/1.1"
        case .unsupportedExpectation: "only \"Expect: 100-continue\" is supported"
        case .timedOut: "the request did not arrive in time"
        }
    }

    /// The refusal the server answers for this error, with the request's checked header fields if it has them.
    func refusal(requestHeaders: HTTPHeaders = HTTPHeaders()) -> HTTPRefusal {
        HTTPRefusal(status: status, message: message, requestHeaders: requestHeaders)
    }

    /// The plain-text response the server sends for this error when it has no refusal handler.
    var response: HTTPResponse { refusal().plainResponse }
}
