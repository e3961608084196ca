import Foundation
import HFPrimitives

/// Checks and decodes one response for a client, producing `NetworkError`s that name the call.
struct ResponseReader {
    /// The request the response answers (for the call summary and for scrubbing secrets).
    let request: NetworkRequest
    /// The response.
    let response: NetworkResponse

    /// The media types accepted where JSON is expected (services often label JSON `text/plain`).
    private static let jsonTypes: Set<String> = ["application/json", "text/json", "text/plain"]

    // MARK: - Properties

    /// The status code.
    var status: Int { response.status }

    // MARK: - Methods

    /// The body decoded as `T`. Unknown members are ignored (services add fields); the members `T` declares must be
    /// present with the right types.
    /// - Throws: `NetworkError.unexpectedContentType` for a non-JSON media type, `.malformedResponse` otherwise.
    func json<T: Decodable>(_ type: T.Type) throws(NetworkError) -> T {
        if let media = response.mediaType, !Self.jsonTypes.contains(media), !media.hasSuffix("+json") {
            throw .unexpectedContentType(request.call, contentType: request.sanitized(media))
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch let error as DecodingError {
            throw malformed(Self.reason(error))
        } catch {
            throw malformed("the body is not the expected JSON")
        }
    }

    /// The body as UTF-8 text without surrounding whitespace.
    /// - Throws: `NetworkError.malformedResponse` if it is not UTF-8.
    func text() throws(NetworkError) -> String {
        guard let text = String(validating: response.body, as: UTF8.self) else {
            throw malformed("the body is not UTF-8 text")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the body's first non-whitespace byte is `[` (a JSON array).
    var bodyIsArray: Bool {
        response.body.first { ![0x20, 0x09, 0x0a, 0x0d].contains($0) } == UInt8(ascii: "[")
    }

    /// Whether the body is empty or only whitespace.
    var bodyIsBlank: Bool {
        response.body.allSatisfy { [0x20, 0x09, 0x0a, 0x0d].contains($0) }
    }

    /// The error for a status the call does not expect: `unauthorized` for 401 and 403, else `unexpectedStatus`
    /// with the start of the body as the message.
    func unexpectedStatus() -> NetworkError {
        if response.status == 401 || response.status == 403 {
            return .unauthorized(request.call, status: response.status)
        }
        return .unexpectedStatus(request.call, status: response.status, message: request.sanitized(response.body))
    }

    /// A `malformedResponse` error with `reason` (scrubbed).
    func malformed(_ reason: String) -> NetworkError {
        .malformedResponse(request.call, reason: request.sanitized(reason))
    }

    /// A short reason for a decoding failure, naming the field.
    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "field \"\(path(context.codingPath + [key]))\" is missing"
        case .typeMismatch(_, let context):
            "field \"\(path(context.codingPath))\" has the wrong type"
        case .valueNotFound(_, let context):
            "field \"\(path(context.codingPath))\" is null"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            "the body is not valid JSON"
        case .dataCorrupted(let context):
            "field \"\(path(context.codingPath))\" is invalid: \(context.debugDescription)"
        @unknown default:
            "the body is not the expected JSON"
        }
    }

    /// A coding path as `a.b[2].c`.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "(top level)" : text
    }
}
