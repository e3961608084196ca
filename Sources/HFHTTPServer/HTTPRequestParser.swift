/// Strict parsing of an HTTP/1.1 request head (RFC 9112): request line and header fields.
///
/// Lines must end in CRLF (a bare CR or LF is refused); the target must be in origin form (`/path?query`);
/// only HTTP/1.0 and HTTP/1.1 are accepted; field names are tokens with no space before the colon; obsolete line
/// folding, control characters and non-UTF-8 values are refused; HTTP/1.1 needs exactly one `Host`. Pure code with
/// no I/O, so it can be tested and fuzzed on bytes.
enum HTTPRequestParser {
    /// The most header fields accepted.
    static let maxFieldCount = 100

    /// The end of the head in `buffer`: the index just past the blank line that ends it, or nil if the blank
    /// line has not arrived. A blank line written with bare LFs counts too, so that the parser can refuse it.
    /// - Parameter start: where to start looking; bytes before it are known not to hold a line feed that could
    ///   begin the blank line (pass the previous `buffer.count - 3` so that each byte is scanned about once).
    static func headEnd(in buffer: [UInt8], from start: Int = 0) -> Int? {
        var index = max(buffer.startIndex, min(start, buffer.endIndex))
        while let newline = buffer[index...].firstIndex(of: 0x0a) {
            let next = newline + 1
            if next < buffer.count && buffer[next] == 0x0a { return next + 1 }
            if next + 1 < buffer.count && buffer[next] == 0x0d && buffer[next + 1] == 0x0a { return next + 2 }
            index = next
        }
        return nil
    }

    /// Parses a complete head (through its blank line).
    /// - Throws: `HTTPParseError` for any syntax fault.
    static func parseHead(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequestHead {
        var lines = try splitLines(bytes)
        guard lines.last?.isEmpty == true else {
            throw .badRequest("the header section does not end with a blank line")
        }
        lines.removeLast()
        guard let first = lines.first else { throw .badRequest("the request line is missing") }
        let line = try parseRequestLine(first)
        guard lines.count - 1 <= maxFieldCount else { throw .tooManyFields(limit: maxFieldCount) }
        var headers = HTTPHeaders()
        for raw in lines.dropFirst() {
            let field = try parseField(raw)
            headers.add(name: field.name, value: field.value)
        }
        return try HTTPRequestHead(
            line: line, headers: headers, contentLength: contentLength(headers),
            expectsContinue: expectsContinue(headers, version: line.version))
    }

    /// Parses the request line `METHOD SP target SP HTTP/x.y`.
    /// - Throws: `HTTPParseError.badRequest` or `.unsupportedVersion`.
    static func parseRequestLine(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequestHead.RequestLine {
        let parts = bytes.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .badRequest("the request line is not \"METHOD target HTTP/1.1\"") }
        guard HTTPSyntax.isToken(parts[0]) else { throw .badRequest("the method is not a token") }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy(HTTPSyntax.isTargetCharacter) else {
            throw .badRequest("the request target must be a path starting with /")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            guard parts[2].count == 8, version.hasPrefix("HTTP/"), version.utf8.allSatisfy({ $0 < 0x80 }) else {
                throw .badRequest("the protocol version is not HTTP/x.y")
            }
            throw .unsupportedVersion(version)
        }
        let pathEnd = target.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex
        let query = pathEnd < target.endIndex ? target[(pathEnd + 1)...] : []
        return HTTPRequestHead.RequestLine(
            method: String(decoding: parts[0], as: UTF8.self),
            path: String(decoding: target[..<pathEnd], as: UTF8.self),
            queryItems: try queryItems(query), version: version)
    }

    /// Splits the head into lines without their CRLF.
    private static func splitLines(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x0d:
                guard index + 1 < bytes.endIndex, bytes[index + 1] == 0x0a else {
                    throw .badRequest("a bare CR in the header section")
                }
                lines.append(bytes[start..<index])
                index += 2
                start = index
            case 0x0a:
                throw .badRequest("a line ends in a bare LF instead of CRLF")
            default:
                index += 1
            }
        }
        guard start == bytes.endIndex else { throw .badRequest("the header section is cut short") }
        return lines
    }

    /// The decoded pairs of a query string.
    private static func queryItems(_ query: ArraySlice<UInt8>) throws(HTTPParseError) -> [HTTPRequest.QueryItem] {
        guard !query.isEmpty else { return [] }
        var items: [HTTPRequest.QueryItem] = []
        for pair in query.split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let value = equals < pair.endIndex ? pair[(equals + 1)...] : []
            guard let name = PercentDecoding.decode(pair[..<equals]), let decoded = PercentDecoding.decode(value)
            else { throw .badRequest("the query has a malformed percent escape") }
            items.append(HTTPRequest.QueryItem(name: name, value: decoded))
        }
        return items
    }
}
