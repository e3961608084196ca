import Foundation

/// A response as an `HTTPTransport` received it.
public struct NetworkResponse: Sendable, Equatable {
    /// The status code.
    public let status: Int
    /// The header fields, names in lower case.
    public let headers: [String: String]
    /// The body bytes (never more than the request's limit).
    public let body: [UInt8]

    /// A response from its parts; header names are lower-cased.
    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.body = body
    }

    /// The value of a header field (any case), or nil.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The media type of `Content-Type` in lower case without parameters (`application/json`), or nil.
    public var mediaType: String? {
        guard let value = header("content-type") else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        let trimmed = type.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }
}
