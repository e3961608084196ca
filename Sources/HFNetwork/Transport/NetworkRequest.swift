public import Foundation

/// One request an `HTTPTransport` sends, with its secrets kept apart from ordinary headers.
public struct NetworkRequest: Sendable {
    /// The service's name, for messages (e.g. `WhatsOnChain`).
    public let service: String
    /// The HTTP method.
    public var method: String
    /// The full URL.
    public var url: URL
    /// Ordinary header fields.
    public var headers: [String: String]
    /// Header fields whose values are secret; they are sent but never shown.
    public var secretHeaders: [String: APIKey]
    /// The body, if any.
    public var body: [UInt8]?
    /// The largest response body accepted, or nil for the transport's default.
    public var maxResponseBytes: Int?

    /// A request from its parts.
    public init(
        service: String, method: String, url: URL, headers: [String: String] = [:],
        secretHeaders: [String: APIKey] = [:], body: [UInt8]? = nil, maxResponseBytes: Int? = nil
    ) {
        self.service = service
        self.method = method
        self.url = url
        self.headers = headers
        self.secretHeaders = secretHeaders
        self.body = body
        self.maxResponseBytes = maxResponseBytes
    }

    /// The printable summary: service, method, `host[:port]/path`.
    public var call: NetworkError.ServiceCall {
        let host = url.host ?? "?"
        let port = url.port.map { ":\($0)" } ?? ""
        return NetworkError.ServiceCall(service: service, method: method, resource: host + port + url.path)
    }

    /// Text from the service made safe to show: every secret header value replaced by `<redacted>`, control
    /// characters replaced by spaces, and cut to 300 characters. Only the first 8192 characters are looked at,
    /// which holds any key (at most 4096 bytes) that starts within the 300 kept.
    public func sanitized(_ text: String) -> String {
        var clean = String(text.prefix(8192))
        for key in secretHeaders.values where !key.value.isEmpty {
            clean = clean.replacingOccurrences(of: key.value, with: "<redacted>")
        }
        let scalars = clean.unicodeScalars.map { scalar -> Character in
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                ? " " : Character(scalar)
        }
        let flat = String(scalars).trimmingCharacters(in: .whitespaces)
        return flat.count > 300 ? String(flat.prefix(300)) + "…" : flat
    }

    /// Text from the service as UTF-8 (invalid sequences replaced), made safe with `sanitized(_:)`.
    public func sanitized(_ bytes: [UInt8]) -> String {
        sanitized(String(decoding: bytes.prefix(8192), as: UTF8.self))
    }
}
