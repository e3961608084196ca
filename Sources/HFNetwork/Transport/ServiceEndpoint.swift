import Foundation

/// A service's base URL and the headers sent with every request to it; builds the requests of a client.
///
/// The base URL must be `https://host[:port][/path]` without user information, query or fragment; plain `http` is
/// accepted only for loopback hosts (127.0.0.1, ::1, localhost), where the devnet runs, so API keys never cross a
/// network in clear text. Path segments and query values are percent-encoded so that only unreserved characters
/// remain.
struct ServiceEndpoint: Sendable {
    /// The service's name for messages.
    let service: String
    /// The validated base URL.
    let baseURL: URL
    /// Ordinary headers sent with every request.
    let headers: [String: String]
    /// Secret headers sent with every request.
    let secretHeaders: [String: APIKey]

    /// The hosts on which plain `http` is allowed.
    private static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]

    // MARK: - Initializers

    /// An endpoint after checking `baseURL`.
    /// - Throws: `NetworkError.invalidConfiguration` naming what is wrong with the URL.
    init(
        service: String, baseURL: URL, headers: [String: String] = [:], secretHeaders: [String: APIKey] = [:]
    ) throws(NetworkError) {
        guard let parts = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            let scheme = parts.scheme?.lowercased(), let host = parts.host, !host.isEmpty
        else { throw .invalidConfiguration("the \(service) URL must be an absolute http(s) URL with a host") }
        guard parts.user == nil, parts.password == nil, parts.query == nil, parts.fragment == nil else {
            throw .invalidConfiguration(
                "the \(service) URL must not contain user information, a query or a fragment")
        }
        guard scheme == "https" || (scheme == "http" && Self.loopbackHosts.contains(host.lowercased())) else {
            throw .invalidConfiguration(
                "the \(service) URL must use https (plain http is allowed only on 127.0.0.1 or localhost)")
        }
        self.service = service
        self.baseURL = baseURL
        self.headers = headers
        self.secretHeaders = secretHeaders
    }

    // MARK: - Methods

    /// A request to `base/segment/segment…?query`, with the endpoint's headers plus `headers`.
    /// - Throws: `NetworkError.invalidConfiguration` if no URL can be formed (not expected after validation).
    func request(
        _ method: String, _ segments: [String], query: [(String, String)] = [], headers extra: [String: String] = [:],
        body: [UInt8]? = nil, maxResponseBytes: Int? = nil
    ) throws(NetworkError) -> NetworkRequest {
        var parts = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        var basePath = parts?.percentEncodedPath ?? ""
        while basePath.hasSuffix("/") { basePath.removeLast() }
        parts?.percentEncodedPath = basePath + "/" + segments.map(Self.encoded).joined(separator: "/")
        if !query.isEmpty {
            parts?.percentEncodedQuery = query.map { "\(Self.encoded($0.0))=\(Self.encoded($0.1))" }
                .joined(separator: "&")
        }
        guard let url = parts?.url else {
            throw .invalidConfiguration("no valid \(service) URL can be formed from the base URL")
        }
        return NetworkRequest(
            service: service, method: method, url: url, headers: headers.merging(extra) { _, new in new },
            secretHeaders: secretHeaders, body: body, maxResponseBytes: maxResponseBytes)
    }

    /// `text` with every byte outside the unreserved set (letters, digits, `-._~`) percent-encoded.
    static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
